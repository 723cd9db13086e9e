package dev.ids.autoconfigure.data;

import dev.ids.internal.AttributeFailure;

/**
 * An aggregate ID that asks for an ids generator and cannot take its IDs (its type, its column type, a misspelt or
 * doubled generator), found when Spring Data JDBC or R2DBC starts; Boot's start-up failure report shows the attribute
 * and the fix ({@link InvalidAggregateIdFailureAnalyzer}). Not Hibernate's mapping exception, as these modules run
 * without Hibernate.
 */
public class InvalidAggregateIdException extends IllegalStateException implements AttributeFailure {

    private static final long serialVersionUID = 1L;

    private final String attribute;

    private final String action;

    /**
     * Creates the exception.
     *
     * @param attribute the aggregate ID, {@code Payment.id}
     * @param message what is wrong
     * @param action how to fix it
     */
    public InvalidAggregateIdException(String attribute, String message, String action) {
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
