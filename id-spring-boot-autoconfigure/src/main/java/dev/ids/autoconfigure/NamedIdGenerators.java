package dev.ids.autoconfigure;

import dev.ids.IdScheme;

/**
 * Makes the named generators ({@code ids.<scheme>.named.<name>}) of {@link NamedIdGeneratorsRegistrar}'s bean
 * definitions. Those definitions name this bean and {@link #create} with the scheme and the name only, not an
 * instance supplier, so that Spring's ahead-of-time processing can write them as code; the settings are read from
 * the bound {@link IdsProperties} when the generator is made, so the values (node numbers, lease settings) are those
 * of the start-up, also in AOT mode.
 */
final class NamedIdGenerators {

    /** The bean name of this class's bean. */
    static final String BEAN_NAME = "idsNamedIdGenerators";

    private final IdGeneratorFactory factory;

    private final IdsProperties properties;

    NamedIdGenerators(IdGeneratorFactory factory, IdsProperties properties) {
        this.factory = factory;
        this.properties = properties;
    }

    /**
     * Makes the named generator.
     *
     * @param scheme its scheme
     * @param name its name under {@code ids.<scheme>.named}
     * @param beanName its bean name
     * @return the generator
     */
    Object create(IdScheme scheme, String name, String beanName) {
        String prefix = "ids." + scheme.schemeName() + ".named." + name;
        return settings(properties.group(scheme), name, prefix).newGenerator(factory, beanName, prefix);
    }

    /** The named group's settings; gone only when AOT processing saw properties the start-up no longer has. */
    private static SchemeGroup<?> settings(SchemeGroup<?> group, String name,
            String prefix) {
        SchemeGroup<?> settings = group.getNamed().get(name);
        if (settings == null) {
            throw new IdsConfigurationException(prefix, null, "the named generator '" + name + "' was configured "
                    + "when the application was processed ahead of time (its bean exists), but the start-up's "
                    + "properties have nothing under " + prefix, "Configure " + prefix + ".* as at build time, or "
                    + "build the application again (process-aot) with the properties it runs with.");
        }
        return settings;
    }
}
