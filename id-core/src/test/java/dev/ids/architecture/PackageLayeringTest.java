package dev.ids.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

/**
 * Guards the layering of id-core: no package depends, directly or through others, on a package that depends on it;
 * no source file does either, but for one known exception; and the root package {@code dev.ids}, which every scheme
 * builds on, depends on no scheme.
 */
class PackageLayeringTest {

    private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("dev.ids");

    /** Every package its own slice, the root package {@code dev.ids} included (a pattern like "dev.ids.(*).." would leave it out). */
    private static final SliceAssignment BY_PACKAGE = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String packageName = javaClass.getPackageName();
            return packageName.startsWith("dev.ids") ? SliceIdentifier.of(packageName) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "every package of dev.ids";
        }
    };

    @Test
    void noPackageCycles() {
        slices().assignedFrom(BY_PACKAGE).should().beFreeOfCycles().check(MAIN_CLASSES);
    }

    /** A top-level class and its nested classes are one file. */
    private static final SliceAssignment BY_FILE = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getName();
            int nested = name.indexOf('$');
            return name.startsWith("dev.ids.") ? SliceIdentifier.of(nested < 0 ? name : name.substring(0, nested))
                    : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "every source file of dev.ids";
        }
    };

    @Test
    void noFileCycles() {
        slices().assignedFrom(BY_FILE).should().beFreeOfCycles()
                // IdClock.system() returns the package-private SystemClock, as java.time.Clock does with its own.
                .ignoreDependency(describe("IdClock", c -> c.getName().equals("dev.ids.clock.IdClock")),
                        describe("SystemClock", c -> c.getName().equals("dev.ids.clock.SystemClock")))
                .check(MAIN_CLASSES);
    }

    @Test
    void rootPackageImportsNoScheme() {
        noClasses().that().resideInAPackage("dev.ids")
                .should().dependOnClassesThat()
                .resideInAnyPackage("dev.ids.traceid..", "dev.ids.lable..", "dev.ids.gid..", "dev.ids.sno..",
                        "dev.ids.muid..")
                .because("the scheme registry (IdScheme) finds each scheme's descriptor as a service")
                .check(MAIN_CLASSES);
    }
}
