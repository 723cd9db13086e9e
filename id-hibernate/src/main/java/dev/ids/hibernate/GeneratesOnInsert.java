package dev.ids.hibernate;

import java.util.EnumSet;
import java.util.Objects;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.jspecify.annotations.Nullable;

/**
 * The part of Hibernate's generator contract that {@link IdsGenerator} and {@link IdsMappedGenerator} share: on
 * insert only, keeping an assigned value, the value from the attribute's {@link Generation}.
 */
abstract class GeneratesOnInsert implements BeforeExecutionGenerator {

    private static final long serialVersionUID = 1L;

    /** The work of the generated attribute, prepared when Hibernate configures the generator. */
    transient @Nullable Generation generation;

    /**
     * Returns the value to store: the assigned one, or a new one from the scheme's generator.
     *
     * @param session the session
     * @param owner the entity
     * @param currentValue the attribute's value before the insert
     * @param eventType always {@link EventType#INSERT}
     * @return the value
     */
    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        return Objects.requireNonNull(generation, "prepared when Hibernate configured the generator")
                .generate(currentValue);
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
