package dev.ids.hibernate;

import dev.ids.IdScheme;
import java.util.EnumSet;
import java.util.Properties;
import org.hibernate.MappingException;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.id.Configurable;
import org.hibernate.id.IdentifierGenerator;

/**
 * The generator registered under the generator names {@code trace-id}, {@code lable}, {@code gid}, {@code sno},
 * {@code muid} (and {@code <scheme>:<name>}) by a mapping file, for {@code @GeneratedValue(generator = "sno")}. It
 * behaves like {@link IdsGenerator}; as no annotation tells it its scheme, the registration does, through the
 * parameters {@value IdsGeneratorNames#SCHEME_PARAMETER} and, for a named generator,
 * {@value IdsGeneratorNames#NAME_PARAMETER} (see {@link IdsGeneratorNames#mappingXml}).
 */
public class IdsMappedGenerator implements BeforeExecutionGenerator, Configurable {

    private static final long serialVersionUID = 1L;

    private transient Generation generation;

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

    /**
     * Returns the value for the identifier: the assigned one, or a new one.
     *
     * @param session the session
     * @param owner the entity
     * @param currentValue the identifier before the insert
     * @param eventType always {@link EventType#INSERT}
     * @return the value
     */
    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        return generation.generate(currentValue);
    }

    /**
     * Returns {@link EventTypeSets#INSERT_ONLY}.
     *
     * @return the events this generator runs on
     */
    @Override
    public EnumSet<EventType> getEventTypes() {
        return EventTypeSets.INSERT_ONLY;
    }

    /**
     * Returns {@code true}: an identifier the application assigned is kept.
     *
     * @return {@code true}
     */
    @Override
    public boolean allowAssignedIdentifiers() {
        return true;
    }
}
