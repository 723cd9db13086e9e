package dev.ids.testing;

import java.util.Optional;

/**
 * Something outside the JVM that a test suite needs: a database server, a browser. Suites that need one are
 * skipped with a printed reason where it is unavailable, and fail where {@code CI=true}: see
 * {@link RequiredServiceCondition}.
 */
public interface RequiredService {

    /**
     * Says what the service is and where the tests look for it.
     *
     * @return for example {@code "PostgreSQL at jdbc:postgresql://127.0.0.1:5432/test as postgres"}
     */
    String description();

    /**
     * Tries the service once.
     *
     * @return why it cannot be used, or empty when it can
     */
    Optional<String> unavailability();
}
