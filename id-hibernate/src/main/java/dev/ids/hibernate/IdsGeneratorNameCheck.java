package dev.ids.hibernate;

import static org.hibernate.cfg.MappingSettings.XML_MAPPING_ENABLED;

import dev.ids.hibernate.IdsGeneratorNameException.Problem;
import dev.ids.hibernate.IdsGeneratorNames.Reference;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hibernate.boot.ResourceStreamLocator;
import org.hibernate.boot.models.spi.GlobalRegistrations;
import org.hibernate.boot.spi.AdditionalMappingContributions;
import org.hibernate.boot.spi.AdditionalMappingContributor;
import org.hibernate.boot.spi.InFlightMetadataCollector;
import org.hibernate.boot.spi.MetadataBuildingContext;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.mapping.PersistentClass;
import org.jspecify.annotations.Nullable;

/**
 * Fails the start-up of a session factory when an entity's {@code @GeneratedValue(generator = ...)} names a
 * generator that is not registered but looks like one of the ids generators, instead of letting Hibernate fall
 * back silently to a database sequence named after it or to a random UUID:
 * <ul>
 *   <li>a misspelt scheme name ({@code snoo}, {@code trace_id}, {@code SNO}, {@code muids}; see
 *       {@link IdsGeneratorNames#probablyMeant(String)}), reported with the name meant;</li>
 *   <li>an exact scheme name ({@code sno}, {@code sno:payments}) that nothing registered: a named generator
 *       without its setting, or XML mappings turned off (see {@link IdsGeneratorRegistrations}).</li>
 * </ul>
 * A name counts as registered when Hibernate knows it globally (from a mapping file or a package) or a generator
 * annotation with that name ({@code @SequenceGenerator}, {@code @TableGenerator}, ...) sits on the entity, a
 * superclass or the attribute. The setting {@value IdsGeneratorNames#CHECK_NAMES_SETTING}{@code =false} turns the
 * check off.
 *
 * <p>It is registered as a Hibernate {@link AdditionalMappingContributor} service (an incubating SPI), so it runs
 * with and without Spring, once the mappings are bound and while the global generator registrations, which the
 * finished {@code Metadata} no longer shows, are still at hand. It contributes no mappings.
 */
public final class IdsGeneratorNameCheck implements AdditionalMappingContributor {

    /** Creates the check; Hibernate finds it through {@link java.util.ServiceLoader}. */
    public IdsGeneratorNameCheck() {
    }

    /**
     * Returns the name Hibernate lists this contributor under.
     *
     * @return {@code ids-generator-names}
     */
    @Override
    public String getContributorName() {
        return "ids-generator-names";
    }

    /**
     * Checks the generator names of every entity of the metadata; contributes nothing.
     *
     * @param contributions where mappings could be contributed (unused)
     * @param metadata the bound mappings
     * @param resourceStreamLocator unused
     * @param buildingContext the building context
     * @throws IdsGeneratorNameException listing each entity attribute whose generator name is wrong, the name
     *     given and the name meant or the missing registration
     */
    @Override
    public void contribute(AdditionalMappingContributions contributions, InFlightMetadataCollector metadata,
            ResourceStreamLocator resourceStreamLocator, MetadataBuildingContext buildingContext) {
        Object enabled = metadata.getBootstrapContext().getServiceRegistry().requireService(ConfigurationService.class)
                .getSettings().get(IdsGeneratorNames.CHECK_NAMES_SETTING);
        if (enabled != null && "false".equalsIgnoreCase(enabled.toString().strip())) {
            return;
        }
        List<Problem> problems = new ArrayList<>();
        for (PersistentClass entity : metadata.getEntityBindings()) {
            if (entity.getSuperclass() != null) {
                continue; // the identifier belongs to the root of the hierarchy
            }
            Class<?> type = mappedClass(entity);
            if (type == null) {
                continue;
            }
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
            throw new IdsGeneratorNameException(String.join("; ", problems.stream()
                    .map(problem -> problem.source() + ": " + problem.reason()).toList()) + " (to turn this check "
                    + "off, set the Hibernate setting " + IdsGeneratorNames.CHECK_NAMES_SETTING + "=false)",
                    problems, action(problems));
        }
    }

    /** One fix per wrong name, then the way to turn the check off. */
    private static String action(List<Problem> problems) {
        StringBuilder action = new StringBuilder();
        for (Problem problem : problems) {
            action.append(problem.meant() != null
                    ? "Correct the generator name of " + problem.source() + " from \"" + problem.given()
                            + "\" to \"" + problem.meant() + "\"."
                    : "Register the generator name \"" + problem.given() + "\" of " + problem.source()
                            + " as the reason says, or use the scheme's generator annotation.")
                    .append('\n');
        }
        return action.append("If a name is meant for a generator Hibernate makes itself, turn this check off with "
                + "the Hibernate setting " + IdsGeneratorNames.CHECK_NAMES_SETTING + "=false (with Spring Boot: "
                + "spring.jpa.properties." + IdsGeneratorNames.CHECK_NAMES_SETTING + "=false).").toString();
    }

    private static void check(InFlightMetadataCollector metadata, PersistentClass entity, Class<?> type,
            AnnotatedElement member, String attribute, List<Problem> problems) {
        GeneratedValue generatedValue = member.getAnnotation(GeneratedValue.class);
        if (generatedValue == null || generatedValue.generator().isEmpty()) {
            return;
        }
        GenerationType strategy = generatedValue.strategy();
        if (strategy == GenerationType.SEQUENCE || strategy == GenerationType.TABLE
                || strategy == GenerationType.IDENTITY) {
            return; // the name is a sequence's or table's, on purpose
        }
        String given = generatedValue.generator();
        if (registered(metadata, given) || declaredLocally(type, member, given)) {
            return;
        }
        String source = "Entity " + entity.getEntityName() + ", attribute " + attribute;
        String usage = "@GeneratedValue(generator = \"" + given + "\")";
        Optional<Reference> exact = IdsGeneratorNames.parse(given);
        if (exact.isPresent()) {
            if (AotProcessing.inProgress()) {
                return; // the settings that register named generators come with the application's start-up
            }
            problems.add(new Problem(source, given, null, usage + " names an ids generator that is not "
                    + "registered: " + whyNotRegistered(metadata, exact.get())));
            return;
        }
        IdsGeneratorNames.probablyMeant(given).ifPresent(meant -> problems.add(new Problem(source, given, meant,
                usage + " is not a registered generator; did you mean \"" + meant + "\"? Hibernate would fall "
                + "back to a database sequence or a random UUID named after it")));
    }

    private static String whyNotRegistered(InFlightMetadataCollector metadata, Reference reference) {
        String annotation = "@" + SchemeSupport.of(reference.scheme()).annotationSimpleName();
        Object xmlMappings = metadata.getBootstrapContext().getServiceRegistry()
                .requireService(ConfigurationService.class).getSettings().get(XML_MAPPING_ENABLED);
        if (xmlMappings != null && "false".equalsIgnoreCase(xmlMappings.toString().strip())) {
            return "the ids generator names are registered as a mapping document, which the setting "
                    + XML_MAPPING_ENABLED + "=false drops; remove that setting or use " + annotation
                    + (reference.name().isEmpty() ? "" : "(name = \"" + reference.name() + "\")");
        }
        if (reference.name().isEmpty()) {
            return IdsGeneratorRegistrations.class.getName() + " registers the scheme names unless Hibernate was "
                    + "kept from finding it as a service; use " + annotation;
        }
        return "a named generator's name is registered when its setting " + reference.settingName()
                + " is given or the setting " + IdsGeneratorNames.NAMES_SETTING + " lists \""
                + reference.generatorName() + "\" (the ids Spring Boot auto-configuration lists the names of its "
                + "named generators); or use " + annotation + "(name = \"" + reference.name() + "\")";
    }

    private static boolean registered(InFlightMetadataCollector metadata, String name) {
        GlobalRegistrations global = metadata.getGlobalRegistrations();
        return metadata.getIdentifierGenerator(name) != null
                || global.getGenericGeneratorRegistrations().containsKey(name)
                || global.getSequenceGeneratorRegistrations().containsKey(name)
                || global.getTableGeneratorRegistrations().containsKey(name);
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

    private static @Nullable Class<?> mappedClass(PersistentClass entity) {
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
