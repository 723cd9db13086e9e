package dev.ids.autoconfigure.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Guards the scheme seam of the starter: what it needs of a scheme comes from the scheme's descriptor, so only the
 * classes that map a scheme's typed properties onto its builder (the properties, the factory, the default beans'
 * configuration) name a scheme's classes, besides the TraceId's own JSON number form. A new scheme then adds to
 * those three and touches no other shared class.
 */
class SchemeSeamTest {

    private static final JavaClasses STARTER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("dev.ids.autoconfigure");

    @Test
    void onlyThePropertiesTheFactoryAndTheDefaultBeansNameASchemesClasses() {
        noClasses().that().doNotHaveFullyQualifiedName("dev.ids.autoconfigure.IdsProperties")
                .and().resideOutsideOfPackage("dev.ids.autoconfigure.jackson")
                .and().doNotHaveFullyQualifiedName("dev.ids.autoconfigure.IdGeneratorFactory")
                .and().haveNameNotMatching("dev\\.ids\\.autoconfigure\\.IdsProperties\\$.*")
                .and().haveNameNotMatching("dev\\.ids\\.autoconfigure\\.IdGeneratorsAutoConfiguration.*")
                .should().dependOnClassesThat().resideInAnyPackage("dev.ids.traceid..", "dev.ids.lable..",
                        "dev.ids.gid..", "dev.ids.sno..", "dev.ids.muid..")
                .because("a scheme plugs in through its descriptor (docs/EXTENDING.md)")
                .check(STARTER);
    }

    @Test
    void theJsonModuleNamesNoSchemeButTheTraceIdsNumberForm() {
        noClasses().that().resideInAPackage("dev.ids.autoconfigure.jackson")
                .should().dependOnClassesThat().resideInAnyPackage("dev.ids.lable..", "dev.ids.gid..",
                        "dev.ids.sno..", "dev.ids.muid..")
                .check(STARTER);
    }
}
