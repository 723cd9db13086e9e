package dev.ids.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains an {@link IdsConfigurationException} in the start-up failure report. */
class IdsConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<IdsConfigurationException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, IdsConfigurationException cause) {
        String description = "The ID generator configuration is not usable.\n\n    Property: " + cause.getProperty()
                + "\n    Value: " + (cause.getValue() == null ? "(not set)" : cause.getValue())
                + "\n    Reason: " + cause.getProblem();
        return new FailureAnalysis(description, cause.getAction(), cause);
    }
}
