package dev.ids.autoconfigure.aot;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.GeneratedValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.io.Resource;
import org.springframework.core.io.UrlResource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.io.support.PropertiesLoaderUtils;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;
import org.springframework.util.ClassUtils;

/**
 * {@link IdsRuntimeHints} against what the modules actually reach at run time. The expected hints are derived from
 * the modules themselves (their service files, {@code spring.factories}, the annotations and converters in their
 * packages, their converters, their serializable classes), so a new entry in any of them without its hint fails here.
 */
class IdsRuntimeHintsTests {

    private final ClassLoader classLoader = getClass().getClassLoader();

    private final RuntimeHints hints = hints(new IdsRuntimeHints());

    @Test
    void theLeaseTablesDdlThatMigrationsReadFromTheClassPathIsHinted() {
        String location = "META-INF/ids/ids-node-lease.sql";
        assertThat(classLoader.getResource(location)).as("shipped by the core").isNotNull();
        assertThat(RuntimeHintsPredicates.resource().forResource(location)).accepts(hints);
    }

    @Test
    void theSqlFunctionScriptsThatMigrationsReadFromTheClassPathAreHinted() {
        for (String location : List.of("postgresql/R__ids_functions.sql", "mariadb/R__ids_functions.sql",
                "liquibase/ids-functions-mariadb.sql")) {
            String resource = "META-INF/ids/sql/" + location;
            assertThat(classLoader.getResource(resource)).as("shipped by the core").isNotNull();
            assertThat(RuntimeHintsPredicates.resource().forResource(resource)).as(resource).accepts(hints);
        }
    }

    @Test
    void everyServiceFileOfTheModulesAndEveryClassItListsIsHinted() throws Exception {
        List<String> checked = new ArrayList<>();
        for (Resource file : new PathMatchingResourcePatternResolver(classLoader)
                .getResources("classpath*:META-INF/services/*")) {
            List<String> ours = listed(file).stream().filter((name) -> name.startsWith("dev.ids.")).toList();
            if (ours.isEmpty()) {
                continue;
            }
            String location = "META-INF/services/" + file.getFilename();
            assertThat(RuntimeHintsPredicates.resource().forResource(location)).as(location).accepts(hints);
            for (String name : ours) {
                Class<?> type = ClassUtils.forName(name, classLoader);
                assertThat(RuntimeHintsPredicates.reflection().onConstructorInvocation(type.getConstructor()))
                        .as("the no-argument constructor of %s, listed in %s", name, location).accepts(hints);
                checked.add(name);
            }
        }
        // the core's five descriptors and id-hibernate's three Hibernate services
        assertThat(checked).hasSizeGreaterThanOrEqualTo(8).contains("dev.ids.sno.SnoDescriptor",
                "dev.ids.hibernate.type.IdsTypeContributor");
    }

    @Test
    void theGeneratorsOfTheAnnotationsAndTheAnnotationsAreHinted() throws Exception {
        for (String name : generationAnnotations()) {
            Class<?> annotation = ClassUtils.forName(name, classLoader);
            assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(annotation, "name")).as(name)
                    .accepts(hints);
            IdGeneratorType idGenerator = annotation.getAnnotation(IdGeneratorType.class);
            ValueGenerationType valueGenerator = annotation.getAnnotation(ValueGenerationType.class);
            for (Class<?> generator : Arrays.asList(idGenerator == null ? null : idGenerator.value(),
                    valueGenerator == null ? null : valueGenerator.generatedBy())) {
                if (generator != null) {
                    assertThat(RuntimeHintsPredicates.reflection().onConstructorInvocation(
                            generator.getConstructor())).as("%s of @%s", generator.getName(), name).accepts(hints);
                }
            }
        }
    }

    @Test
    void theAnnotationsTheDataJdbcCallbackReadsAreHintedWithoutHibernate() throws Exception {
        // Without Hibernate, id-hibernate's generator does not load (it implements Hibernate's interfaces) while its
        // annotations do, and Spring Data JDBC's callback reads them: hide the generator as Hibernate's absence would.
        Class<?> generator = ClassUtils.forName("dev.ids.hibernate.IdsGenerator", classLoader);
        RuntimeHints withoutHibernate = new RuntimeHints();
        new IdsRuntimeHints().registerHints(withoutHibernate, new FilteredClassLoader(generator));
        assertThat(RuntimeHintsPredicates.reflection().onConstructorInvocation(generator.getConstructor()))
                .as("Hibernate's part, left out").rejects(withoutHibernate);
        for (String name : generationAnnotations()) {
            assertThat(RuntimeHintsPredicates.reflection()
                    .onMethodInvocation(ClassUtils.forName(name, classLoader), "name")).as(name)
                    .accepts(withoutHibernate);
        }
        // @GeneratedValue(generator = "sno:payments"), read through Spring's merged annotations
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(GeneratedValue.class, "generator"))
                .accepts(withoutHibernate).accepts(hints);
    }

    @Test
    void theDataJdbcConvertersAreHintedForTheDirectionSpringDataReadsFromTheirClass() throws Exception {
        ClassPathScanningCandidateComponentProvider scanner = scanner();
        scanner.addIncludeFilter(new AnnotationTypeFilter(ReadingConverter.class));
        scanner.addIncludeFilter(new AnnotationTypeFilter(WritingConverter.class));
        Set<String> converters = names(scanner.findCandidateComponents("dev.ids"));
        assertThat(converters).hasSizeGreaterThanOrEqualTo(2);
        for (String name : converters) {
            assertThat(RuntimeHintsPredicates.reflection().onType(ClassUtils.forName(name, classLoader))).as(name)
                    .accepts(hints);
        }
    }

    @Test
    void theGeneratorRegisteredUnderTheGeneratorNamesIsHinted() throws Exception {
        // IdsGeneratorRegistrations names it to Hibernate by class, which Hibernate instantiates reflectively
        Class<?> mapped = ClassUtils.forName("dev.ids.hibernate.IdsMappedGenerator", classLoader);
        assertThat(RuntimeHintsPredicates.reflection().onConstructorInvocation(mapped.getConstructor()))
                .accepts(hints);
    }

    @Test
    void everyPublicConverterIsHinted() throws Exception {
        ClassPathScanningCandidateComponentProvider scanner = scanner();
        scanner.addIncludeFilter(new AssignableTypeFilter(AttributeConverter.class));
        Set<String> converters = new TreeSet<>();
        for (String name : names(scanner.findCandidateComponents("dev.ids"))) {
            Class<?> converter = ClassUtils.forName(name, classLoader);
            if (Modifier.isPublic(converter.getModifiers()) && !Modifier.isAbstract(converter.getModifiers())) {
                converters.add(name);
                assertThat(RuntimeHintsPredicates.reflection().onConstructorInvocation(converter.getConstructor()))
                        .as(name).accepts(hints);
            }
        }
        assertThat(converters).hasSizeGreaterThanOrEqualTo(10);
    }

    @Test
    void theSerializableValueTypesAndTheirSerialFormAreHinted() throws Exception {
        ClassPathScanningCandidateComponentProvider scanner = scanner();
        scanner.addIncludeFilter(new AssignableTypeFilter(Serializable.class));
        Set<String> serializable = new TreeSet<>();
        for (String name : names(scanner.findCandidateComponents("dev.ids"))) {
            Class<?> type = ClassUtils.forName(name, classLoader);
            if (Throwable.class.isAssignableFrom(type) || type.isEnum() || type.isInterface()
                    || !Modifier.isPublic(type.getModifiers())
                    || !type.getPackageName().matches("dev\\.ids(\\.(traceid|lable|gid|sno|muid))?")) {
                continue; // exceptions, enums, internals (a lock), and the generators Hibernate does not serialize
            }
            serializable.add(name);
            assertThat(RuntimeHintsPredicates.serialization().onType(type)).as(name).accepts(hints);
        }
        assertThat(serializable).contains("dev.ids.SerializedId", "dev.ids.sno.Sno", "dev.ids.muid.Muid");
    }

    @Test
    void theFailureAnalyzersOfSpringFactoriesAreHintedBySpringsOwnRegistrar() throws Exception {
        // every registrar of aot.factories, as AOT processing applies them: Spring's covers spring.factories
        RuntimeHints withSpring = hints(SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories",
                classLoader).load(RuntimeHintsRegistrar.class).toArray(RuntimeHintsRegistrar[]::new));
        List<String> analyzers = new ArrayList<>();
        for (URL url : Collections.list(classLoader.getResources(SpringFactoriesLoader.FACTORIES_RESOURCE_LOCATION))) {
            Properties factories = PropertiesLoaderUtils.loadProperties(new UrlResource(url));
            Arrays.stream(factories.getProperty("org.springframework.boot.diagnostics.FailureAnalyzer", "")
                    .split(",")).map(String::strip).filter((name) -> name.startsWith("dev.ids."))
                    .forEach(analyzers::add);
        }
        assertThat(analyzers).hasSizeGreaterThanOrEqualTo(2);
        for (String name : analyzers) {
            Class<?> analyzer = ClassUtils.forName(name, classLoader);
            Predicate<RuntimeHints> constructor = RuntimeHintsPredicates.reflection()
                    .onConstructorInvocation(analyzer.getDeclaredConstructors()[0]);
            assertThat(constructor).as(name).accepts(withSpring);
        }
    }

    @Test
    void theRegistrarIsListedInAotFactories() {
        List<RuntimeHintsRegistrar> registrars = SpringFactoriesLoader.forResourceLocation(
                "META-INF/spring/aot.factories", classLoader).load(RuntimeHintsRegistrar.class);
        assertThat(registrars).hasAtLeastOneElementOfType(IdsRuntimeHints.class);
    }

    private RuntimeHints hints(RuntimeHintsRegistrar... registrars) {
        RuntimeHints registered = new RuntimeHints();
        for (RuntimeHintsRegistrar registrar : registrars) {
            registrar.registerHints(registered, classLoader);
        }
        return registered;
    }

    /** The generation annotations: those that name Hibernate's generator in their meta-annotations. */
    private static Set<String> generationAnnotations() {
        ClassPathScanningCandidateComponentProvider scanner = scanner();
        scanner.addIncludeFilter(new AnnotationTypeFilter(IdGeneratorType.class));
        scanner.addIncludeFilter(new AnnotationTypeFilter(ValueGenerationType.class));
        Set<String> annotations = names(scanner.findCandidateComponents("dev.ids"));
        assertThat(annotations).hasSizeGreaterThanOrEqualTo(5);
        return annotations;
    }

    /** A scanner that keeps interfaces, annotations and abstract classes too, leaving the choice to the test. */
    private static ClassPathScanningCandidateComponentProvider scanner() {
        return new ClassPathScanningCandidateComponentProvider(false) {

            @Override
            protected boolean isCandidateComponent(AnnotatedBeanDefinition definition) {
                return true;
            }
        };
    }

    private static Set<String> names(Set<BeanDefinition> definitions) {
        Set<String> names = new TreeSet<>();
        definitions.forEach((definition) -> names.add(definition.getBeanClassName()));
        return names;
    }

    private static List<String> listed(Resource file) throws IOException {
        try (InputStream in = file.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .map((line) -> line.replaceFirst("#.*", "").strip()).filter((line) -> !line.isEmpty()).toList();
        }
    }
}
