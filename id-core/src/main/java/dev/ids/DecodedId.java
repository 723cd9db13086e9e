package dev.ids;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The decoded view of one identifier, the same for every scheme: its scheme, canonical string, bytes in hex, the
 * instant it embeds and its components in layout order. The command-line tool prints it as JSON; the Actuator
 * endpoint returns it.
 *
 * @param scheme the scheme's name ({@code trace-id}, {@code lable}, {@code gid}, {@code sno}, {@code muid})
 * @param canonical the identifier's canonical {@code toString()}
 * @param hex the lower-case hexadecimal text of its binary form
 * @param timestamp the instant the identifier embeds
 * @param components the components in the order of the layout, each an {@link Integer}, {@link Long} or
 *     {@link String}
 */
public record DecodedId(String scheme, String canonical, String hex, Instant timestamp, Map<String, Object> components) {

    /**
     * Checks the fields and keeps an unmodifiable copy of the components in their given order.
     *
     * @param scheme the scheme's name
     * @param canonical the canonical string
     * @param hex the hexadecimal text of the bytes
     * @param timestamp the embedded instant
     * @param components the components, values of type {@link Integer}, {@link Long} or {@link String}
     */
    public DecodedId {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(canonical, "canonical");
        Objects.requireNonNull(hex, "hex");
        Objects.requireNonNull(timestamp, "timestamp");
        components.forEach((name, value) -> {
            if (!(value instanceof Integer || value instanceof Long || value instanceof String)) {
                throw new IllegalArgumentException("Component '" + name + "' must be an Integer, Long or String: "
                        + value);
            }
        });
        components = Collections.unmodifiableMap(new LinkedHashMap<>(components));
    }

    /**
     * Starts a decoded view; add components in layout order, then call {@link Builder#build()}.
     *
     * @param scheme the scheme's name
     * @param canonical the canonical string
     * @param hex the hexadecimal text of the bytes
     * @param timestamp the embedded instant
     * @return a builder
     */
    public static Builder builder(String scheme, String canonical, String hex, Instant timestamp) {
        return new Builder(scheme, canonical, hex, timestamp);
    }

    /**
     * Returns this view as one line of JSON:
     * {@code {"scheme":"sno","canonical":"...","hex":"...","timestamp":"...","components":{...}}}.
     *
     * @return the JSON text
     */
    public String toJson() {
        StringBuilder json = new StringBuilder(160).append('{');
        Json.field(json, "scheme", scheme).append(',');
        Json.field(json, "canonical", canonical).append(',');
        Json.field(json, "hex", hex).append(',');
        Json.field(json, "timestamp", timestamp.toString()).append(",\"components\":{");
        boolean first = true;
        for (Map.Entry<String, Object> component : components.entrySet()) {
            if (!first) {
                json.append(',');
            }
            first = false;
            Json.field(json, component.getKey(), component.getValue());
        }
        return json.append("}}").toString();
    }

    /**
     * Returns the JSON object that stands for an input that could not be decoded:
     * {@code {"input":"...","error":"..."}}.
     *
     * @param input the input as given
     * @param error what is wrong with it
     * @return the JSON text
     */
    public static String errorJson(String input, String error) {
        StringBuilder json = new StringBuilder().append('{');
        Json.field(json, "input", input).append(',');
        return Json.field(json, "error", error).append('}').toString();
    }

    /** Collects the components of a {@link DecodedId} in order. */
    public static final class Builder {

        private final String scheme;
        private final String canonical;
        private final String hex;
        private final Instant timestamp;
        private final Map<String, Object> components = new LinkedHashMap<>();

        private Builder(String scheme, String canonical, String hex, Instant timestamp) {
            this.scheme = scheme;
            this.canonical = canonical;
            this.hex = hex;
            this.timestamp = timestamp;
        }

        /**
         * Adds an integer component.
         *
         * @param name the component's name
         * @param value its value
         * @return this builder
         */
        public Builder component(String name, long value) {
            components.put(name, value);
            return this;
        }

        /**
         * Adds a text component.
         *
         * @param name the component's name
         * @param value its value
         * @return this builder
         */
        public Builder component(String name, String value) {
            components.put(name, value);
            return this;
        }

        /**
         * Returns the decoded view.
         *
         * @return the view with the components added so far
         */
        public DecodedId build() {
            return new DecodedId(scheme, canonical, hex, timestamp, components);
        }
    }

    /** The little JSON this type writes: strings and integers. */
    private static final class Json {

        static StringBuilder field(StringBuilder json, String name, Object value) {
            string(json, name).append(':');
            return value instanceof String text ? string(json, text) : json.append(value);
        }

        static StringBuilder string(StringBuilder json, String text) {
            json.append('"');
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                switch (c) {
                    case '"' -> json.append("\\\"");
                    case '\\' -> json.append("\\\\");
                    case '\n' -> json.append("\\n");
                    case '\r' -> json.append("\\r");
                    case '\t' -> json.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            json.append(String.format("\\u%04x", (int) c));
                        } else {
                            json.append(c);
                        }
                    }
                }
            }
            return json.append('"');
        }
    }
}
