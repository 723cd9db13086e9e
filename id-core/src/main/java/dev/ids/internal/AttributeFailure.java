package dev.ids.internal;

/**
 * A start-up failure about one attribute that cannot take its IDs from the ids generators (a type or column that
 * cannot hold the scheme's values, a misspelt or missing generator): it names the attribute and the fix apart from
 * its message, so that a start-up report, such as Spring Boot's failure analysis, shows them without parsing the
 * message. The exceptions of each integration (Hibernate's mapping, Spring Data's aggregates) implement it, each
 * extending the exception type its framework expects.
 */
public interface AttributeFailure {

    /**
     * Returns the attribute at fault.
     *
     * @return the entity's or aggregate's name and the attribute's, {@code com.example.Order.id} or
     *     {@code Payment.id}
     */
    String getAttribute();

    /**
     * Returns how to fix it.
     *
     * @return the action
     */
    String getAction();

    /**
     * Returns what is wrong, naming the attribute (and, as many users read only the message, the fix).
     *
     * @return the message
     */
    String getMessage();
}
