package dev.ids.autoconfigure.jackson;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How the ID value types appear in JSON, under {@code ids.jackson}. Kept apart from
 * {@link dev.ids.autoconfigure.IdsProperties}, which configures the generators, as Spring Boot keeps each
 * integration's properties with its auto-configuration.
 */
@ConfigurationProperties("ids.jackson")
public class IdsJacksonProperties {

    /** Whether to register the ids Jackson module, which writes and reads the ID types as their canonical strings. */
    private boolean enabled = true;

    /**
     * Whether to write a TraceId as a JSON string of its decimal digits rather than as a JSON number. JavaScript
     * numbers lose precision above 2^53 and TraceIds are 63-bit, so keep this on for browser clients. Both forms
     * are accepted when reading.
     */
    private boolean traceIdAsString = true;

    /**
     * Whether to write a {@code Long} or {@code long} whose value comes from an ids generator
     * ({@code @GeneratedTraceId}, {@code @GeneratedLableId}, or {@code @GeneratedValue} naming the trace-id or lable
     * generator) as a JSON string rather than a JSON number, as JavaScript numbers lose precision above 2^53.
     * Properties marked {@code @IdAsString} are strings either way; both forms are accepted when reading.
     */
    private boolean longIdAsString = true;

    /**
     * Returns whether the module is registered.
     *
     * @return whether the module is registered
     */
    public boolean isEnabled() {
        return enabled;
    }

    /**
     * Sets whether the module is registered.
     *
     * @param enabled whether the module is registered
     */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    /**
     * Returns whether TraceIds are written as JSON strings.
     *
     * @return {@code true} for strings, {@code false} for numbers
     */
    public boolean isTraceIdAsString() {
        return traceIdAsString;
    }

    /**
     * Sets whether TraceIds are written as JSON strings.
     *
     * @param traceIdAsString {@code true} for strings, {@code false} for numbers
     */
    public void setTraceIdAsString(boolean traceIdAsString) {
        this.traceIdAsString = traceIdAsString;
    }

    /**
     * Returns whether generated {@code Long} IDs are written as JSON strings.
     *
     * @return {@code true} for strings, {@code false} for numbers
     */
    public boolean isLongIdAsString() {
        return longIdAsString;
    }

    /**
     * Sets whether generated {@code Long} IDs are written as JSON strings.
     *
     * @param longIdAsString {@code true} for strings, {@code false} for numbers
     */
    public void setLongIdAsString(boolean longIdAsString) {
        this.longIdAsString = longIdAsString;
    }
}
