package dev.ids.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;

/**
 * Guards the nullness of the published API: every package of every published module is {@code @NullMarked}, so that
 * its types are non-null unless marked {@code @Nullable}, as NullAway checks them (the {@code nullaway} profile).
 */
class NullMarkedPackagesTest {

    private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("dev.ids");

    /** The compiled packages of id-core carry the annotation (it is retained at run time). */
    @Test
    void everyPackageOfIdCoreIsNullMarked() {
        ArchRuleDefinition.classes().should(resideInNullMarkedPackage()).check(MAIN_CLASSES);
    }

    /**
     * The sources of every module the BOM publishes (the starter has none) have a {@code package-info.java} with
     * {@code @NullMarked} in each package: a module added to the BOM is covered as it is added.
     */
    @Test
    void everyPackageOfThePublishedModulesIsNullMarked() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> modules = publishedModules(root);
        assertThat(modules).contains("id-core", "id-spring-boot-autoconfigure");
        Set<String> unmarked = new TreeSet<>();
        for (String module : modules) {
            Path sources = root.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(sources)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(file -> file.toString().endsWith(".java")).map(Path::getParent).distinct()
                        .filter(directory -> !isNullMarked(directory.resolve("package-info.java")))
                        .forEach(directory -> unmarked.add(module + ": " + sources.relativize(directory)));
            }
        }
        assertThat(unmarked).as("packages without @NullMarked in their package-info.java").isEmpty();
    }

    private static List<String> publishedModules(Path root) throws IOException {
        String bom = Files.readString(root.resolve("id-bom/pom.xml"));
        Matcher artifacts = Pattern.compile("<artifactId>(id-[a-z0-9-]+)</artifactId>").matcher(
                bom.substring(bom.indexOf("<dependencyManagement>")));
        List<String> modules = new ArrayList<>();
        while (artifacts.find()) {
            modules.add(artifacts.group(1));
        }
        return modules;
    }

    private static boolean isNullMarked(Path packageInfo) {
        try {
            String text = Files.readString(packageInfo);
            return text.contains("@org.jspecify.annotations.NullMarked")
                    || text.contains("@NullMarked") && text.contains("import org.jspecify.annotations.NullMarked;");
        } catch (IOException e) {
            return false;
        }
    }

    private static ArchCondition<JavaClass> resideInNullMarkedPackage() {
        return new ArchCondition<>("reside in a @NullMarked package") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                boolean marked = javaClass.getPackage().isAnnotatedWith(NullMarked.class);
                events.add(new SimpleConditionEvent(javaClass, marked,
                        javaClass.getName() + " is in " + javaClass.getPackageName() + ", which is not @NullMarked"));
            }
        };
    }
}
