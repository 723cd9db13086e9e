package dev.ids.hibernate;

import dev.ids.internal.AttributeFailure;
import org.hibernate.MappingException;

/**
 * Thrown while Hibernate starts when an attribute that asks for an ids generator cannot take its IDs: a type or
 * column that cannot hold the scheme's values, a setting that holds no generator, no way to find one.
 *
 * <p>It is a {@link MappingException}, as Hibernate's own start-up failures are, and names the attribute and the
 * fix apart from the message ({@link #getAttribute()}, {@link #getAction()}), as every {@link AttributeFailure}
 * does.
 */
public class IdsMappingException extends MappingException implements AttributeFailure {

    private static final long serialVersionUID = 1L;

    /** The entity attribute at fault. */
    private final String attribute;

    /** How to fix the mapping. */
    private final String action;

    /**
     * Creates the exception.
     *
     * @param attribute the entity attribute at fault, {@code com.example.Order.id}
     * @param message what is wrong, naming the attribute (and, as Hibernate users read only the message, the fix)
     * @param action how to fix the mapping
     */
    public IdsMappingException(String attribute, String message, String action) {
        super(message);
        this.attribute = attribute;
        this.action = action;
    }

    @Override
    public String getAttribute() {
        return attribute;
    }

    @Override
    public String getAction() {
        return action;
    }
}
