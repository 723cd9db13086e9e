package dev.ids.internal;

/** The text of a throwable for a message or a reason, which {@link Throwable#getMessage()} may not give. */
public final class ExceptionMessages {

    private ExceptionMessages() {
    }

    /**
     * Returns the throwable's message, or its class name when it has none.
     *
     * @param failure the throwable
     * @return its message, never {@code null}
     */
    public static String of(Throwable failure) {
        String message = failure.getMessage();
        return message != null ? message : failure.getClass().getName();
    }
}
