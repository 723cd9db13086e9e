package dev.ids.hibernate;

import dev.ids.IdScheme;
import dev.ids.hibernate.IdsGeneratorNameException.Problem;
import dev.ids.hibernate.IdsGeneratorNames.Reference;
import dev.ids.internal.Chars;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.jaxb.Origin;
import org.hibernate.boot.jaxb.SourceType;
import org.hibernate.boot.jaxb.mapping.spi.JaxbConfigurationParameterImpl;
import org.hibernate.boot.jaxb.mapping.spi.JaxbEntityMappingsImpl;
import org.hibernate.boot.jaxb.mapping.spi.JaxbGenericIdGeneratorImpl;
import org.hibernate.boot.jaxb.spi.Binding;
import org.hibernate.boot.spi.MetadataSourcesContributor;
import org.hibernate.engine.config.spi.ConfigurationService;

/**
 * Registers the ids generator names with Hibernate as it starts, without a mapping file: the five scheme names
 * ({@code @GeneratedValue(generator = "sno")}, {@code trace-id}, {@code lable}, {@code gid}, {@code muid}) unless
 * {@value IdsGeneratorNames#SCHEME_NAMES_SETTING} is {@code false}, and every name a setting asks for, such as a
 * named generator's ({@code "sno:payments"}):
 * <ul>
 *   <li>the setting that holds its instance, {@code ids.generator.sno.payments} (plain Hibernate), or</li>
 *   <li>the setting {@value IdsGeneratorNames#NAMES_SETTING}, a comma-separated list of generator names, which the
 *       ids Spring Boot auto-configuration fills with the names its entities use.</li>
 * </ul>
 *
 * The Spring Boot auto-configuration sets {@value IdsGeneratorNames#SCHEME_NAMES_SETTING}{@code =false} and lists
 * exactly the names its entities use; when there are none, nothing is registered and no mapping document is read.
 *
 * <p>Hibernate resolves a generator name only from registrations made while it reads the mappings, so this is a
 * {@link MetadataSourcesContributor} service: Hibernate finds it on the class path, with or without Spring. The
 * registrations reach Hibernate as a mapping document built in memory (the objects an {@code orm.xml} would be read
 * into, never XML text), so Hibernate loads none of its XML parsing machinery for them: about a thousand classes
 * fewer than a mapping file. Hibernate drops such documents when {@code hibernate.xml_mapping_enabled=false};
 * {@link IdsGeneratorNameCheck} then names that setting.
 */
public final class IdsGeneratorRegistrations implements MetadataSourcesContributor {

    private static final Origin ORIGIN = new Origin(SourceType.OTHER, "ids generator names");

    /** Creates the contributor; Hibernate finds it through {@link java.util.ServiceLoader}. */
    public IdsGeneratorRegistrations() {
    }

    /**
     * Adds the registrations of the generator names the settings ask for to the metadata sources.
     *
     * @param sources Hibernate's metadata sources, with the settings in their service registry
     * @throws IdsGeneratorNameException when {@value IdsGeneratorNames#NAMES_SETTING} lists a name that is not an
     *     ids generator name
     */
    @Override
    public void contribute(MetadataSources sources) {
        Map<String, Object> settings = sources.getServiceRegistry().requireService(ConfigurationService.class)
                .getSettings();
        SortedSet<Reference> references = references(settings);
        if (!references.isEmpty()) {
            sources.addXmlBinding(new Binding<>(mappings(references), ORIGIN));
        }
    }

    /**
     * Returns the generators whose names the settings ask to register: the five schemes' default generators (unless
     * {@value IdsGeneratorNames#SCHEME_NAMES_SETTING} is {@code false}), every named generator with an instance
     * setting, and every name listed in {@value IdsGeneratorNames#NAMES_SETTING}.
     *
     * @param settings Hibernate's settings
     * @return the generators, ordered by generator name
     * @throws IdsGeneratorNameException when the names setting lists a name that is not an ids generator name
     */
    static SortedSet<Reference> references(Map<String, Object> settings) {
        SortedSet<Reference> references = new TreeSet<>(Comparator.comparing(Reference::generatorName));
        Object schemeNames = settings.get(IdsGeneratorNames.SCHEME_NAMES_SETTING);
        if (schemeNames == null || !"false".equalsIgnoreCase(schemeNames.toString().strip())) {
            for (IdScheme scheme : IdScheme.values()) {
                references.add(new Reference(scheme, ""));
            }
        }
        settings.keySet().forEach((key) -> {
            if (key.startsWith(IdsGeneratorNames.SETTING_PREFIX)) {
                String rest = key.substring(IdsGeneratorNames.SETTING_PREFIX.length());
                int dot = rest.indexOf('.');
                if (dot > 0) {
                    IdsGeneratorNames.parse(rest.substring(0, dot) + IdsGeneratorNames.NAME_SEPARATOR
                            + rest.substring(dot + 1)).ifPresent(references::add);
                }
            }
        });
        Object listed = settings.get(IdsGeneratorNames.NAMES_SETTING);
        if (listed != null) {
            for (String name : listed.toString().split(",")) {
                if (!name.isBlank()) {
                    references.add(IdsGeneratorNames.parse(name.strip())
                            .orElseThrow(() -> notAName(name.strip())));
                }
            }
        }
        return references;
    }

    /**
     * Returns the in-memory mapping document that registers the given generators under their generator names, as
     * {@code <generic-generator>} entries of {@link IdsMappedGenerator} with the scheme and name as parameters.
     *
     * @param references the generators
     * @return the mapping document
     */
    static JaxbEntityMappingsImpl mappings(Iterable<Reference> references) {
        JaxbEntityMappingsImpl mappings = new JaxbEntityMappingsImpl();
        for (Reference reference : references) {
            JaxbGenericIdGeneratorImpl generator = new JaxbGenericIdGeneratorImpl();
            generator.setName(reference.generatorName());
            generator.setClazz(IdsMappedGenerator.class.getName());
            generator.getParameters().add(parameter(IdsGeneratorNames.SCHEME_PARAMETER,
                    reference.scheme().schemeName()));
            if (!reference.name().isEmpty()) {
                generator.getParameters().add(parameter(IdsGeneratorNames.NAME_PARAMETER, reference.name()));
            }
            mappings.getGenericGenerators().add(generator);
        }
        return mappings;
    }

    private static JaxbConfigurationParameterImpl parameter(String name, String value) {
        JaxbConfigurationParameterImpl parameter = new JaxbConfigurationParameterImpl();
        parameter.setName(name);
        parameter.setValue(value);
        return parameter;
    }

    private static IdsGeneratorNameException notAName(String name) {
        String meant = IdsGeneratorNames.probablyMeant(name).orElse(null);
        String source = "The setting " + IdsGeneratorNames.NAMES_SETTING;
        String reason = "lists " + Chars.quote(name) + ", which is not an ids generator name: expected <scheme> or "
                + "<scheme>:<name>, with <scheme> one of " + IdScheme.names();
        return new IdsGeneratorNameException(source + " " + reason, List.of(new Problem(source, name, meant,
                reason)), "Correct " + Chars.quote(name) + " in the setting " + IdsGeneratorNames.NAMES_SETTING
                + (meant == null ? "" : " (to " + Chars.quote(meant) + "?)") + " or remove it; the ids Spring Boot "
                + "auto-configuration fills that setting itself, from the names its entities use.");
    }
}
