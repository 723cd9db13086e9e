package dev.ids.hibernate;

import dev.ids.hibernate.IdsGeneratorNames.Reference;
import jakarta.persistence.GeneratedValue;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hibernate.MappingException;
import org.hibernate.boot.Metadata;
import org.hibernate.boot.spi.BootstrapContext;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.integrator.spi.Integrator;
import org.hibernate.mapping.PersistentClass;

/**
 * Fails the start-up of a session factory when an entity's {@code @GeneratedValue(generator = ...)} names a
 * generator that is not registered but looks like one of the ids generators, instead of letting Hibernate fall
 * back silently to a database sequence named after it or to a random UUID:
 * <ul>
 *   <li>a misspelt scheme name ({@code snoo}, {@code trace_id}, {@code SNO}, {@code muids}; see
 *       {@link IdsGeneratorNames#probablyMeant(String)}), reported with the name meant;</li>
 *   <li>an exact scheme name ({@code sno}, {@code sno:payments}) that nothing registered, because the mapping file
 *       {@value IdsGeneratorNames#MAPPING_FILE} is not in the persistence unit or a named generator has no
 *       registration.</li>
 * </ul>
 * A name counts as registered when Hibernate knows it globally or a generator annotation with that name
 * ({@code @SequenceGenerator}, {@code @TableGenerator}, ...) sits on the entity, a superclass or the attribute. The
 * setting {@value IdsGeneratorNames#CHECK_NAMES_SETTING}{@code =false} turns the check off. Registered as a
 * Hibernate {@link Integrator} service, it runs with and without Spring.
 */
public final class IdsGeneratorNameCheck implements Integrator {

    /** Creates the check; Hibernate finds it through {@link java.util.ServiceLoader}. */
    public IdsGeneratorNameCheck() {
    }

    /**
     * Checks the generator names of every entity of the metadata.
     *
     * @param metadata the mapping
     * @param bootstrapContext the bootstrap context
     * @param sessionFactory the session factory being built
     * @throws MappingException listing each entity attribute whose generator name is wrong, the name given and
     *     the name meant or the missing registration
     */
    @Override
    public void integrate(Metadata metadata, BootstrapContext bootstrapContext,
            SessionFactoryImplementor sessionFactory) {
        Object enabled = sessionFactory.getServiceRegistry().requireService(ConfigurationService.class).getSettings()
                .get(IdsGeneratorNames.CHECK_NAMES_SETTING);
        if (enabled != null && "false".equalsIgnoreCase(enabled.toString().strip())) {
            return;
        }
        List<String> problems = new ArrayList<>();
        for (PersistentClass entity : metadata.getEntityBindings()) {
            if (entity.getSuperclass() != null) {
                continue; // the identifier belongs to the root of the hierarchy
            }
            Class<?> type = mappedClass(entity);
            for (Class<?> current = type; current != null && current != Object.class;
                    current = current.getSuperclass()) {
                for (Field field : current.getDeclaredFields()) {
                    check(metadata, entity, type, field, field.getName(), problems);
                }
                for (Method method : current.getDeclaredMethods()) {
                    check(metadata, entity, type, method, propertyName(method), problems);
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new MappingException(String.join("; ", problems) + " (to turn this check off, set the Hibernate "
                    + "setting " + IdsGeneratorNames.CHECK_NAMES_SETTING + "=false)");
        }
    }

    private static void check(Metadata metadata, PersistentClass entity, Class<?> type, AnnotatedElement member,
            String attribute, List<String> problems) {
        GeneratedValue generatedValue = member.getAnnotation(GeneratedValue.class);
        if (generatedValue == null || generatedValue.generator().isEmpty()) {
            return;
        }
        String given = generatedValue.generator();
        if (metadata.getIdentifierGenerator(given) != null || declaredLocally(type, member, given)) {
            return;
        }
        String where = "Entity " + entity.getEntityName() + ", attribute " + attribute
                + ": @GeneratedValue(generator = \"" + given + "\")";
        Optional<Reference> exact = IdsGeneratorNames.parse(given);
        if (exact.isPresent()) {
            Reference reference = exact.get();
            problems.add(where + " names an ids generator that is not registered: " + (reference.name().isEmpty()
                    ? "add the mapping file " + IdsGeneratorNames.MAPPING_FILE + " to the persistence unit (the ids "
                            + "Spring Boot auto-configuration does so) or use @"
                            + SchemeSupport.of(reference.scheme()).annotation().getSimpleName()
                    : "named generators are registered under such names only by the ids Spring Boot "
                            + "auto-configuration; use @" + SchemeSupport.of(reference.scheme()).annotation()
                                    .getSimpleName() + "(name = \"" + reference.name() + "\")"));
            return;
        }
        IdsGeneratorNames.probablyMeant(given).ifPresent(meant -> problems.add(where
                + " is not a registered generator; did you mean \"" + meant + "\"? Hibernate would fall back to "
                + "a database sequence or a random UUID named after it"));
    }

    /** Whether a generator annotation with that name sits on the entity, a superclass or the member. */
    private static boolean declaredLocally(Class<?> type, AnnotatedElement member, String name) {
        if (declares(member, name)) {
            return true;
        }
        for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
            if (declares(current, name)) {
                return true;
            }
        }
        return member instanceof Member m && declares(m.getDeclaringClass(), name);
    }

    private static boolean declares(AnnotatedElement element, String name) {
        for (Annotation annotation : element.getAnnotations()) {
            if (declares(annotation, name)) {
                return true;
            }
        }
        return false;
    }

    /** A generator annotation ({@code name()} on a type named {@code ...Generator}) or a container of them. */
    private static boolean declares(Annotation annotation, String name) {
        Class<? extends Annotation> type = annotation.annotationType();
        try {
            if (type.getSimpleName().endsWith("Generator")) {
                Method nameMethod = type.getMethod("name");
                return name.equals(nameMethod.invoke(annotation));
            }
            if (type.getSimpleName().endsWith("Generators")) {
                Object value = type.getMethod("value").invoke(annotation);
                if (value instanceof Annotation[] contained) {
                    for (Annotation each : contained) {
                        if (declares(each, name)) {
                            return true;
                        }
                    }
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
        return false;
    }

    private static Class<?> mappedClass(PersistentClass entity) {
        try {
            return entity.getMappedClass();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String propertyName(Method method) {
        String name = method.getName();
        int prefix = name.startsWith("get") ? 3 : name.startsWith("is") ? 2 : 0;
        if (prefix == 0 || name.length() == prefix) {
            return name;
        }
        return Character.toLowerCase(name.charAt(prefix)) + name.substring(prefix + 1);
    }
}
