package dev.ids.autoconfigure;

import java.util.List;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Thrown at start-up when the {@code ids} configuration cannot give a generator that is safe to run: a value out
 * of range, or a node identity that nobody set. {@link IdsConfigurationFailureAnalyzer} turns it into a report
 * that names the property, the value and how to fix it. One exception can report several properties at once
 * ({@link #getFailures()}), so that a user learns about all of them from one start-up.
 */
public class IdsConfigurationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The property at fault. */
    private final String property;

    /** The value given, or {@code null} when the property is not set. */
    private final transient @Nullable Object value;

    /** What is wrong. */
    private final String problem;

    /** How to fix it. */
    private final String action;

    /** Every failure reported: this one alone, or the several it gathers. */
    private final transient List<IdsConfigurationException> failures;

    /**
     * Creates the exception.
     *
     * @param property the property at fault, for example {@code ids.sno.partition}
     * @param value the value given, or {@code null} when the property is not set
     * @param problem what is wrong, for example {@code partition out of range [0, 65535]: 70000}
     * @param action how to fix it
     */
    public IdsConfigurationException(String property, @Nullable Object value, String problem, String action) {
        super((value == null ? property + " is not set" : property + " = " + value + " is invalid") + ": " + problem);
        this.property = property;
        this.value = value;
        this.problem = problem;
        this.action = action;
        this.failures = List.of(this);
    }

    /**
     * Reports that something asks for a scheme's default generator and the application has no bean of its type:
     * the scheme is switched off, or a test slice ({@code @DataJpaTest}, {@code @DataJdbcTest}) left the generators
     * out.
     *
     * @param scheme the scheme's property name, for example {@code sno}
     * @param generatorType the generator's simple class name, for example {@code SnoGenerator}
     * @param problem who asks for it, and that there is no bean
     * @return the exception, on the property {@code ids.<scheme>.enabled}
     */
    public static IdsConfigurationException missingGenerator(String scheme, String generatorType, String problem) {
        return new IdsConfigurationException("ids." + scheme + ".enabled", "(no " + generatorType + " bean)", problem,
                "Remove ids." + scheme + ".enabled=false, or define a " + generatorType + " bean; in a test slice "
                        + "(@DataJpaTest, @DataJdbcTest), which leaves the generators out, import "
                        + "IdGeneratorsAutoConfiguration with ids.node.provider=static and the node identities its "
                        + "generators need (ids.sno.partition, ids.trace-id.node-no, ids.lable.generator-id).");
    }

    /**
     * Creates one exception that reports several properties at once, with one way to fix them all.
     *
     * @param failures the failures of the single properties, at least one; the first gives {@link #getProperty()},
     *        {@link #getValue()} and {@link #getProblem()}
     * @param action how to fix them all
     */
    public IdsConfigurationException(List<IdsConfigurationException> failures, String action) {
        super(failures.stream().map(Throwable::getMessage).collect(Collectors.joining("\n")));
        IdsConfigurationException first = failures.get(0);
        this.property = first.property;
        this.value = first.value;
        this.problem = first.problem;
        this.action = action;
        this.failures = List.copyOf(failures);
    }

    /**
     * Returns the property at fault (the first of them when there are several).
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
    public @Nullable Object getValue() {
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

    /**
     * Returns every failure this exception reports, each with its property, value and problem.
     *
     * @return this exception alone, or the failures it gathers
     */
    public List<IdsConfigurationException> getFailures() {
        return failures;
    }
}
