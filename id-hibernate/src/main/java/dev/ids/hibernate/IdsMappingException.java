package dev.ids.hibernate;

import org.hibernate.MappingException;

/**
 * Thrown while Hibernate starts when an attribute that asks for an ids generator cannot take its IDs: a type or
 * column that cannot hold the scheme's values, a setting that holds no generator, no way to find one.
 *
 * <p>It is a {@link MappingException}, as Hibernate's own start-up failures are, and names the attribute and the
 * fix apart from the message ({@link #getAttribute()}, {@link #getAction()}) so that a start-up report, such as
 * Spring Boot's failure analysis, can show them without parsing the message.
 */
public class IdsMappingException extends MappingException {

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

    /**
     * Returns the entity attribute at fault.
     *
     * @return the entity name and the attribute name, {@code com.example.Order.id}
     */
    public String getAttribute() {
        return attribute;
    }

    /**
     * Returns how to fix the mapping.
     *
     * @return the action
     */
    public String getAction() {
        return action;
    }
}
