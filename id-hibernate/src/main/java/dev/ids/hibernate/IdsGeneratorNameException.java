package dev.ids.hibernate;

import java.util.List;
import org.hibernate.MappingException;
import org.jspecify.annotations.Nullable;

/**
 * Thrown while Hibernate starts when a generator name does not name a registered generator although it looks like
 * an ids generator ({@link IdsGeneratorNameCheck}), or when the setting {@value IdsGeneratorNames#NAMES_SETTING}
 * lists a name that is not one ({@link IdsGeneratorRegistrations}).
 *
 * <p>It is a {@link MappingException}, as Hibernate's own start-up failures are, and carries the parts of its
 * message apart ({@link #getProblems()}, {@link #getAction()}) so that a start-up report, such as Spring Boot's
 * failure analysis, can show the name given, the name meant and the entity attribute without parsing the message.
 */
public class IdsGeneratorNameException extends MappingException {

    private static final long serialVersionUID = 1L;

    /** The wrong generator names, each with where it was given. */
    private final transient List<Problem> problems;

    /** How to fix them. */
    private final String action;

    /**
     * One wrong generator name.
     *
     * @param source where the name was given: {@code "Entity com.example.Order, attribute id"} or
     *     {@code "setting ids.generator.names"}
     * @param given the generator name given
     * @param meant the ids generator name it was probably meant to be, or {@code null} when there is none
     * @param reason why the name is wrong, without the source
     */
    public record Problem(String source, String given, @Nullable String meant, String reason) {
    }

    /**
     * Creates the exception.
     *
     * @param message the message, which names every problem
     * @param problems the wrong generator names, at least one
     * @param action how to fix them
     */
    public IdsGeneratorNameException(String message, List<Problem> problems, String action) {
        super(message);
        this.problems = List.copyOf(problems);
        this.action = action;
    }

    /**
     * Returns the wrong generator names.
     *
     * @return the problems, in the order found
     */
    public List<Problem> getProblems() {
        return problems;
    }

    /**
     * Returns how to fix the names.
     *
     * @return the action
     */
    public String getAction() {
        return action;
    }
}
