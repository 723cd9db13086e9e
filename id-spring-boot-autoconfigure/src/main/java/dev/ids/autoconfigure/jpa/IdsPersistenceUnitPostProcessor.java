package dev.ids.autoconfigure.jpa;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.hibernate.IdsGeneratorNames;
import dev.ids.hibernate.IdsGeneratorNames.Reference;
import jakarta.persistence.GeneratedValue;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Member;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.orm.jpa.persistenceunit.MutablePersistenceUnitInfo;
import org.springframework.orm.jpa.persistenceunit.PersistenceUnitPostProcessor;
import org.springframework.util.ClassUtils;

/**
 * Checks that every generator the managed classes ask for ({@code @GeneratedSno},
 * {@code @GeneratedSno(name = "payments")}, {@code @GeneratedValue(generator = "sno:payments")}) is a singleton
 * bean, and lists the generator names they use ({@code "sno"}, {@code "sno:payments"}) in the persistence unit's
 * setting {@value IdsGeneratorNames#NAMES_SETTING}, from which {@link dev.ids.hibernate.IdsGeneratorRegistrations}
 * registers them with Hibernate: only those, unless the unit has mapping files of its own, which may use the
 * scheme names too.
 */
final class IdsPersistenceUnitPostProcessor implements PersistenceUnitPostProcessor {

    private final ConfigurableListableBeanFactory beanFactory;

    private final @Nullable ClassLoader classLoader;

    IdsPersistenceUnitPostProcessor(ConfigurableListableBeanFactory beanFactory, @Nullable ClassLoader classLoader) {
        this.beanFactory = beanFactory;
        this.classLoader = classLoader;
    }

    @Override
    public void postProcessPersistenceUnitInfo(MutablePersistenceUnitInfo unit) {
        TreeSet<String> used = new TreeSet<>();
        for (String className : unit.getManagedClassNames()) {
            Class<?> type = load(className);
            if (type == null) {
                continue;
            }
            for (Class<?> current = type; current != null && current != Object.class;
                    current = current.getSuperclass()) {
                List<AnnotatedElement> members = new ArrayList<>(Arrays.asList(current.getDeclaredFields()));
                members.addAll(Arrays.asList(current.getDeclaredMethods()));
                for (AnnotatedElement member : members) {
                    collect(type, (Member) member, used);
                }
            }
        }
        if (unit.getMappingFileNames().isEmpty()) {
            // Only the names the entities use, none when they use none: then Hibernate reads no mapping document.
            // A unit with mapping files of its own may name generators there, so it keeps the five scheme names.
            unit.getProperties().setProperty(IdsGeneratorNames.SCHEME_NAMES_SETTING, "false");
        }
        if (!used.isEmpty()) {
            String listed = unit.getProperties().getProperty(IdsGeneratorNames.NAMES_SETTING, "");
            unit.getProperties().setProperty(IdsGeneratorNames.NAMES_SETTING,
                    (listed.isBlank() ? "" : listed + ",") + String.join(",", used));
        }
    }

    private void collect(Class<?> entity, Member member, TreeSet<String> used) {
        AnnotatedElement element = (AnnotatedElement) member;
        GeneratedValue generatedValue = element.getAnnotation(GeneratedValue.class);
        if (generatedValue != null) {
            Optional<Reference> reference = IdsGeneratorNames.parse(generatedValue.generator());
            if (reference.isPresent()) {
                require(reference.get(), entity, member,
                        "@GeneratedValue(generator = \"" + generatedValue.generator() + "\")");
                used.add(reference.get().generatorName());
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
            throw IdsConfigurationException.missingGenerator(scheme, type, "entity " + entity.getName()
                    + ", attribute " + member.getName() + " asks for the " + scheme + " generator (" + usage
                    + "), but the application has no " + type + " bean; an IdGenerator of another class does not "
                    + "serve JPA, which looks generators up by type");
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

    private @Nullable Class<?> load(String className) {
        try {
            return ClassUtils.forName(className, classLoader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null; // Hibernate reports classes it cannot load
        }
    }
}
