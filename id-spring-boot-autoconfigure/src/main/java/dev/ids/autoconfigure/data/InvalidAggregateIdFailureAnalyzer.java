package dev.ids.autoconfigure.data;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains an {@link InvalidAggregateIdException} in the start-up failure report. */
final class InvalidAggregateIdFailureAnalyzer extends AbstractFailureAnalyzer<InvalidAggregateIdException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidAggregateIdException cause) {
        return new FailureAnalysis("An aggregate ID cannot take its IDs from the ids generators.\n\n    Attribute: "
                + cause.getAttribute() + "\n    Reason: " + cause.getMessage(), cause.getAction(), cause);
    }
}
