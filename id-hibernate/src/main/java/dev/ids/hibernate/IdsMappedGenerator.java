package dev.ids.hibernate;

import dev.ids.IdScheme;
import java.util.Properties;
import org.hibernate.MappingException;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.id.Configurable;
import org.hibernate.id.IdentifierGenerator;

/**
 * The generator registered under the generator names {@code trace-id}, {@code lable}, {@code gid}, {@code sno},
 * {@code muid} (and {@code <scheme>:<name>}) by {@link IdsGeneratorRegistrations}, for
 * {@code @GeneratedValue(generator = "sno")}. It
 * behaves like {@link IdsGenerator}; as no annotation tells it its scheme, the registration does, through the
 * parameters {@value IdsGeneratorNames#SCHEME_PARAMETER} and, for a named generator,
 * {@value IdsGeneratorNames#NAME_PARAMETER}.
 */
public class IdsMappedGenerator extends GeneratesOnInsert implements Configurable {

    private static final long serialVersionUID = 1L;


    /** Creates the generator; Hibernate then calls {@link #configure(GeneratorCreationContext, Properties)}. */
    public IdsMappedGenerator() {
    }

    /**
     * Prepares the generator for the identifier of the context from the registration's parameters.
     *
     * @param context Hibernate's context for the identifier
     * @param parameters the registration's parameters
     * @throws MappingException when the scheme parameter is missing or names no scheme
     */
    @Override
    public void configure(GeneratorCreationContext context, Properties parameters) {
        String generatorName = parameters.getProperty(IdentifierGenerator.GENERATOR_NAME, "?");
        String schemeName = parameters.getProperty(IdsGeneratorNames.SCHEME_PARAMETER);
        IdScheme scheme;
        try {
            scheme = IdScheme.of(schemeName);
        } catch (IllegalArgumentException e) {
            throw new MappingException("Generator '" + generatorName + "' of class " + getClass().getName()
                    + " needs the parameter " + IdsGeneratorNames.SCHEME_PARAMETER + " naming one of "
                    + IdScheme.names() + ", got " + (schemeName == null ? "none" : "'" + schemeName + "'"), e);
        }
        String name = parameters.getProperty(IdsGeneratorNames.NAME_PARAMETER, "");
        this.generation = Generation.create(SchemeSupport.of(scheme), name,
                "@GeneratedValue(generator = \"" + generatorName + "\")", context);
    }
}
