package dev.ids.autoconfigure.jpa;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.hibernate.IdsGeneratorNames;
import dev.ids.hibernate.IdsGeneratorNames.Reference;
import jakarta.persistence.GeneratedValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Member;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.orm.jpa.persistenceunit.MutablePersistenceUnitInfo;
import org.springframework.orm.jpa.persistenceunit.PersistenceUnitPostProcessor;
import org.springframework.util.ClassUtils;

/**
 * Adds {@code META-INF/ids-orm.xml} to the persistence unit (unless it is there), checks that every named
 * generator the managed classes ask for ({@code @GeneratedSno(name = "payments")},
 * {@code @GeneratedValue(generator = "sno:payments")}) is configured, and registers the {@code "<scheme>:<name>"}
 * generator names in a mapping file written for this persistence unit.
 *
 * <p>Hibernate resolves a generator name only from registrations made while it reads the mappings, so the names in
 * use are collected from the managed classes here and written to a temporary mapping file that Hibernate reads by
 * its {@code file:} URL.
 */
final class IdsPersistenceUnitPostProcessor implements PersistenceUnitPostProcessor {

    private final ConfigurableListableBeanFactory beanFactory;

    private final ClassLoader classLoader;

    IdsPersistenceUnitPostProcessor(ConfigurableListableBeanFactory beanFactory, ClassLoader classLoader) {
        this.beanFactory = beanFactory;
        this.classLoader = classLoader;
    }

    @Override
    public void postProcessPersistenceUnitInfo(MutablePersistenceUnitInfo unit) {
        if (!unit.getMappingFileNames().contains(IdsGeneratorNames.MAPPING_FILE)) {
            unit.addMappingFileName(IdsGeneratorNames.MAPPING_FILE);
        }
        TreeSet<Reference> named = new TreeSet<>(Comparator.comparing(Reference::generatorName));
        for (String className : unit.getManagedClassNames()) {
            Class<?> type = load(className);
            for (Class<?> current = type; current != null && current != Object.class;
                    current = current.getSuperclass()) {
                List<AnnotatedElement> members = new ArrayList<>(Arrays.asList(current.getDeclaredFields()));
                members.addAll(Arrays.asList(current.getDeclaredMethods()));
                for (AnnotatedElement member : members) {
                    collect(type, (Member) member, named);
                }
            }
        }
        if (!named.isEmpty()) {
            unit.addMappingFileName(write(IdsGeneratorNames.mappingXml(named)));
        }
    }

    private void collect(Class<?> entity, Member member, TreeSet<Reference> named) {
        AnnotatedElement element = (AnnotatedElement) member;
        GeneratedValue generatedValue = element.getAnnotation(GeneratedValue.class);
        if (generatedValue != null) {
            Optional<Reference> reference = IdsGeneratorNames.parse(generatedValue.generator());
            if (reference.isPresent()) {
                require(reference.get(), entity, member,
                        "@GeneratedValue(generator = \"" + generatedValue.generator() + "\")");
                if (!reference.get().name().isEmpty()) {
                    named.add(reference.get());
                }
            }
        }
        for (Annotation annotation : element.getAnnotations()) {
            IdsGeneratorNames.of(annotation).ifPresent((reference) -> require(reference, entity, member, "@"
                    + annotation.annotationType().getSimpleName()
                    + (reference.name().isEmpty() ? "" : "(name = \"" + reference.name() + "\")")));
        }
    }

    /** Checks that the generator an attribute asks for exists, and is a singleton. */
    private void require(Reference reference, Class<?> entity, Member member, String usage) {
        if (reference.name().isEmpty()) {
            requireDefault(reference, entity, member, usage);
        } else {
            requireNamed(reference, entity, member, usage);
        }
    }

    private void requireDefault(Reference reference, Class<?> entity, Member member, String usage) {
        String scheme = reference.scheme().schemeName();
        String type = reference.generatorType().getSimpleName();
        List<String> candidates = Arrays.stream(beanFactory.getBeanNamesForType(reference.generatorType(), true,
                false)).filter((name) -> !beanFactory.containsBeanDefinition(name)
                        || !(beanFactory.getBeanDefinition(name) instanceof AbstractBeanDefinition definition)
                        || definition.isDefaultCandidate()).toList();
        if (candidates.isEmpty()) {
            throw new IdsConfigurationException("ids." + scheme + ".enabled", "(no " + type + " bean)",
                    "entity " + entity.getName() + ", attribute " + member.getName() + " asks for the " + scheme
                            + " generator (" + usage + "), but the application has no " + type + " bean; an "
                            + "IdGenerator of another class does not serve JPA, which looks generators up by type",
                    "Remove ids." + scheme + ".enabled=false, or define a " + type + " bean.");
        }
        candidates.forEach((name) -> requireSingleton(name, entity, member, usage));
    }

    private void requireNamed(Reference reference, Class<?> entity, Member member, String usage) {
        if (beanFactory.containsBean(reference.beanName())) {
            requireSingleton(reference.beanName(), entity, member, usage);
            return;
        }
        String scheme = reference.scheme().schemeName();
        List<String> configured = Arrays.stream(beanFactory.getBeanNamesForType(reference.generatorType(), true,
                false)).filter((name) -> !name.equals(new Reference(reference.scheme(), "").beanName())).toList();
        throw new IdsConfigurationException("ids." + scheme + ".named." + reference.name(), null,
                "entity " + entity.getName() + ", attribute " + member.getName() + " asks for the named " + scheme
                        + " generator '" + reference.name() + "' (" + usage + "), but there is no bean "
                        + reference.beanName() + "; named " + scheme + " generators: "
                        + (configured.isEmpty() ? "none" : configured),
                "Configure the generator under ids." + scheme + ".named." + reference.name()
                        + " or correct the name on " + entity.getSimpleName() + "." + member.getName() + ".");
    }

    private void requireSingleton(String beanName, Class<?> entity, Member member, String usage) {
        if (!beanFactory.isSingleton(beanName)) {
            throw new IdsConfigurationException("bean " + beanName, "(not a singleton)", "entity " + entity.getName()
                    + ", attribute " + member.getName() + " takes its IDs from the bean " + beanName + " (" + usage
                    + "), which is not a singleton; each of Hibernate's generators would get an instance of its own, "
                    + "with its own sequence state on the same node identity, and they would issue the same IDs",
                    "Make " + beanName + " a singleton bean.");
        }
    }

    private Class<?> load(String className) {
        try {
            return ClassUtils.forName(className, classLoader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null; // Hibernate reports classes it cannot load
        }
    }

    private static String write(String xml) {
        try {
            Path file = Files.createTempFile("ids-orm-named-", ".xml");
            file.toFile().deleteOnExit();
            Files.writeString(file, xml, StandardCharsets.UTF_8);
            return file.toUri().toString();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write the mapping file that registers the named ids "
                    + "generators in java.io.tmpdir (" + System.getProperty("java.io.tmpdir") + "): " + e.getMessage(),
                    e);
        }
    }
}
