package dev.ids.hibernate;

/**
 * Tells whether Hibernate runs inside Spring's ahead-of-time processing at build time, where Spring Data JPA
 * bootstraps a session factory only to read the mapping model, without Spring's bean container and without the
 * settings the application's own start-up passes (spring-data-jpa#4165). The application's generators do not exist
 * then; the session factory the application builds at run time, in AOT mode or not, has them.
 */
final class AotProcessing {

    /** The system property Spring's AOT processors set while they run ({@code AbstractAotProcessor}). */
    static final String PROPERTY = "spring.aot.processing";

    private AotProcessing() {
    }

    /**
     * Returns whether Spring's AOT processing is running in this JVM.
     *
     * @return whether the system property {@value #PROPERTY} is {@code true}
     */
    static boolean inProgress() {
        return Boolean.getBoolean(PROPERTY);
    }
}
