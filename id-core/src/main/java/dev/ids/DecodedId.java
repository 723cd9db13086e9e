package dev.ids;

import dev.ids.internal.Chars;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The decoded view of one identifier, the same for every scheme: its scheme, canonical string, bytes in hex, the
 * instant it embeds, its components in layout order and its bit layout. The command-line tool prints it as JSON; the
 * Actuator endpoint returns it.
 *
 * @param scheme the scheme's name ({@code trace-id}, {@code lable}, {@code gid}, {@code sno}, {@code muid})
 * @param canonical the identifier's canonical {@code toString()}
 * @param hex the lower-case hexadecimal text of its binary form
 * @param timestamp the instant the identifier embeds
 * @param components the components in the order of the layout, each an {@link Integer}, {@link Long} or
 *     {@link String}
 * @param layout the bit fields of the binary form from the most significant bit on, covering every bit of
 *     {@code hex} exactly once, or empty when not known
 */
public record DecodedId(String scheme, String canonical, String hex, Instant timestamp, Map<String, Object> components,
        List<Field> layout) {

    /**
     * Checks the fields and keeps unmodifiable copies of the components and the layout in their given order.
     *
     * @param scheme the scheme's name
     * @param canonical the canonical string
     * @param hex the hexadecimal text of the bytes
     * @param timestamp the embedded instant
     * @param components the components, values of type {@link Integer}, {@link Long} or {@link String}
     * @param layout the bit fields, most significant first, contiguous and covering the {@code hex.length() * 4}
     *     bits exactly; or empty
     * @throws IllegalArgumentException when a component has another type or the layout has a gap, an overlap or
     *     another total width
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
        layout = List.copyOf(layout);
        checkLayout(hex, layout);
    }

    /**
     * Creates a decoded view without a bit layout.
     *
     * @param scheme the scheme's name
     * @param canonical the canonical string
     * @param hex the hexadecimal text of the bytes
     * @param timestamp the embedded instant
     * @param components the components, values of type {@link Integer}, {@link Long} or {@link String}
     */
    public DecodedId(String scheme, String canonical, String hex, Instant timestamp, Map<String, Object> components) {
        this(scheme, canonical, hex, timestamp, components, List.of());
    }

    private static void checkLayout(String hex, List<Field> layout) {
        if (layout.isEmpty()) {
            return;
        }
        int next = 0;
        for (Field field : layout) {
            if (field.offset() != next) {
                throw new IllegalArgumentException("Layout field '" + field.name() + "' starts at bit " + field.offset()
                        + " but the previous field ends before bit " + next);
            }
            next += field.bits();
        }
        if (next != hex.length() * 4) {
            throw new IllegalArgumentException("Layout covers " + next + " bits but the ID has " + hex.length() * 4);
        }
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
     * {@code {"scheme":"sno","canonical":"...","hex":"...","timestamp":"...","components":{...},"layout":[...]}},
     * each layout field as {@code {"name":"units","offset":0,"bits":39,"value":1}}.
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
        json.append("},\"layout\":[");
        for (int i = 0; i < layout.size(); i++) {
            Field field = layout.get(i);
            json.append(i == 0 ? "{" : ",{");
            Json.field(json, "name", field.name()).append(',');
            Json.field(json, "offset", field.offset()).append(',');
            Json.field(json, "bits", field.bits()).append(',');
            Json.field(json, "value", field.value()).append('}');
        }
        return json.append("]}").toString();
    }

    /**
     * One field of the bit layout: a run of bits of the binary form, counted from its most significant bit.
     *
     * @param name the field's name: the name of the component it holds where there is one, {@code reserved} for
     *     bits the scheme keeps at zero
     * @param offset the position of the field's first bit, 0 for the most significant bit of the ID
     * @param bits how many bits the field spans, at least 1
     * @param value the bits as an unsigned number: a {@link Long} for up to 63 bits, else a lower-case hex string
     *     of {@code ceil(bits / 4)} digits
     */
    public record Field(String name, int offset, int bits, Object value) {

        /**
         * Checks the field.
         *
         * @param name the field's name
         * @param offset the first bit, from the most significant bit
         * @param bits the width
         * @param value a {@link Long} for up to 63 bits, else a hex string
         * @throws IllegalArgumentException when the width, offset or value type is not possible
         */
        public Field {
            Objects.requireNonNull(name, "name");
            if (bits < 1 || offset < 0) {
                throw new IllegalArgumentException("Layout field '" + name + "' needs offset >= 0 and bits >= 1: "
                        + offset + ", " + bits);
            }
            boolean fits = bits <= 63 ? value instanceof Long number && (number >>> bits) == 0
                    : value instanceof String text && text.length() == (bits + 3) / 4;
            if (!fits) {
                throw new IllegalArgumentException("Layout field '" + name + "' of " + bits
                        + " bits cannot hold " + value);
            }
        }
    }

    /**
     * Returns the JSON object that stands for an input that could not be decoded:
     * {@code {"input":"...","error":"..."}}. The input is shown as error messages show it: at most about 100
     * characters, escaped, then its length.
     *
     * @param input the input as given
     * @param error what is wrong with it
     * @return the JSON text
     */
    public static String errorJson(String input, String error) {
        StringBuilder json = new StringBuilder().append('{');
        Json.field(json, "input", Chars.excerpt(input)).append(',');
        return Json.field(json, "error", error).append('}').toString();
    }

    /** Collects the components of a {@link DecodedId} in order. */
    public static final class Builder {

        private final String scheme;
        private final String canonical;
        private final String hex;
        private final Instant timestamp;
        private final Map<String, Object> components = new LinkedHashMap<>();
        private final List<Field> layout = new ArrayList<>();
        private int nextBit;

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
         * Adds the next bit field of the layout, right after the previous one.
         *
         * @param name the field's name
         * @param bits its width, 1..63
         * @param value its bits as an unsigned number
         * @return this builder
         */
        public Builder field(String name, int bits, long value) {
            layout.add(new Field(name, nextBit, bits, value));
            nextBit += bits;
            return this;
        }

        /**
         * Adds the next bit field of the layout, one wider than 63 bits, right after the previous one.
         *
         * @param name the field's name
         * @param bits its width
         * @param hexValue its bits as lower-case hex, {@code ceil(bits / 4)} digits
         * @return this builder
         */
        public Builder field(String name, int bits, String hexValue) {
            layout.add(new Field(name, nextBit, bits, hexValue));
            nextBit += bits;
            return this;
        }

        /**
         * Returns the decoded view.
         *
         * @return the view with the components and layout fields added so far
         */
        public DecodedId build() {
            return new DecodedId(scheme, canonical, hex, timestamp, components, layout);
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
