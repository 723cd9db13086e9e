package dev.ids.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains an {@link IdsConfigurationException} in the start-up failure report. */
class IdsConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<IdsConfigurationException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, IdsConfigurationException cause) {
        StringBuilder description = new StringBuilder("The ID generator configuration is not usable.");
        for (IdsConfigurationException failure : cause.getFailures()) {
            description.append("\n\n    Property: ").append(failure.getProperty())
                    .append("\n    Value: ").append(failure.getValue() == null ? "(not set)" : failure.getValue())
                    .append("\n    Reason: ").append(failure.getProblem());
        }
        return new FailureAnalysis(description.toString(), cause.getAction(), cause);
    }
}
