package dev.ids.autoconfigure.jpa;

import dev.ids.hibernate.IdsGeneratorNameException;
import dev.ids.hibernate.IdsMappingException;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.util.ClassUtils;

/**
 * Explains the start-up failures of {@code id-hibernate} in the start-up failure report, which Hibernate throws while
 * Spring creates the entity manager factory, deep in a bean creation failure:
 * <ul>
 *   <li>{@link IdsGeneratorNameException}: a generator name that looks like an ids generator but names none
 *       ({@code generator = "snoo"}), or a bad {@code ids.generator.names} setting; the report shows where, the
 *       name given, the name meant and the fix;</li>
 *   <li>{@link IdsMappingException}: an attribute that cannot take IDs from its generator (its type, its column's
 *       length, MariaDB's uuid column, a bad generator setting); the report shows the attribute and the fix.</li>
 * </ul>
 * {@code id-hibernate} is optional, so the analyzer touches its exception types only when they are on the class
 * path.
 */
final class IdsHibernateFailureAnalyzer implements FailureAnalyzer {

    private static final boolean ID_HIBERNATE_PRESENT = ClassUtils.isPresent(
            "dev.ids.hibernate.IdsMappingException", IdsHibernateFailureAnalyzer.class.getClassLoader());

    @Override
    public @Nullable FailureAnalysis analyze(Throwable failure) {
        return ID_HIBERNATE_PRESENT ? Analysis.of(failure) : null;
    }

    /** Kept apart so that the exception types are loaded only when present. */
    private static final class Analysis {

        static @Nullable FailureAnalysis of(Throwable failure) {
            for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                if (cause instanceof IdsGeneratorNameException names) {
                    return of(names);
                }
                if (cause instanceof IdsMappingException mapping) {
                    return new FailureAnalysis("An entity attribute cannot take its IDs from the ids generators."
                            + "\n\n    Attribute: " + mapping.getAttribute() + "\n    Reason: " + mapping.getMessage(),
                            mapping.getAction(), mapping);
                }
            }
            return null;
        }

        private static FailureAnalysis of(IdsGeneratorNameException failure) {
            StringBuilder description = new StringBuilder("A generator name of the JPA mappings looks like an ids "
                    + "generator but names none; Hibernate would have fallen back to another generator.");
            for (IdsGeneratorNameException.Problem problem : failure.getProblems()) {
                description.append("\n\n    Where: ").append(problem.source())
                        .append("\n    Generator name: \"").append(problem.given()).append('"');
                if (problem.meant() != null) {
                    description.append("\n    Probably meant: \"").append(problem.meant()).append('"');
                }
                description.append("\n    Reason: ").append(problem.reason());
            }
            return new FailureAnalysis(description.toString(), failure.getAction(), failure);
        }
    }
}
