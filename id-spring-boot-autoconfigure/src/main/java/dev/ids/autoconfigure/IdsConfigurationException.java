package dev.ids.autoconfigure;

/**
 * Thrown at start-up when the {@code ids} configuration cannot give a generator that is safe to run: a value out
 * of range, or a node identity that nobody set. {@link IdsConfigurationFailureAnalyzer} turns it into a report
 * that names the property, the value and how to fix it.
 */
public class IdsConfigurationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The property at fault. */
    private final String property;

    /** The value given, or {@code null} when the property is not set. */
    private final transient Object value;

    /** What is wrong. */
    private final String problem;

    /** How to fix it. */
    private final String action;

    /**
     * Creates the exception.
     *
     * @param property the property at fault, for example {@code ids.sno.partition}
     * @param value the value given, or {@code null} when the property is not set
     * @param problem what is wrong, for example {@code partition out of range [0, 65535]: 70000}
     * @param action how to fix it
     */
    public IdsConfigurationException(String property, Object value, String problem, String action) {
        super((value == null ? property + " is not set" : property + " = " + value + " is invalid") + ": " + problem);
        this.property = property;
        this.value = value;
        this.problem = problem;
        this.action = action;
    }

    /**
     * Returns the property at fault.
     *
     * @return the property's name
     */
    public String getProperty() {
        return property;
    }

    /**
     * Returns the value given.
     *
     * @return the value, or {@code null} when the property is not set
     */
    public Object getValue() {
        return value;
    }

    /**
     * Returns what is wrong, without the property and value.
     *
     * @return the problem
     */
    public String getProblem() {
        return problem;
    }

    /**
     * Returns how to fix the configuration.
     *
     * @return the action
     */
    public String getAction() {
        return action;
    }
}
