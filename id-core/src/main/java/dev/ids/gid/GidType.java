package dev.ids.gid;

import dev.ids.internal.Chars;
import dev.ids.internal.Checks;
import dev.ids.internal.Hex;
import org.jspecify.annotations.Nullable;

/**
 * The type of a {@link Gid}, named by its prefix byte (bytes 0 and, in Graft's original layout, 7).
 *
 * <pre>
 *   prefix bit  7     6 5      4 3 2 1 0
 *             +---+--------+-----------+
 *             | 1 |  type  | reserved  |     type: 00 Volume (0x80), 01 Log (0xA0), 10 Segment (0xC0)
 *             +---+--------+-----------+     11 is unknown; the reserved bits are 0
 * </pre>
 *
 * <p>The prefixes are those of orbitinghail/graft ({@code crates/graft/src/core/gid/prefix.rs}).
 */
public enum GidType {

    /** A Volume, prefix {@code 0x80}. */
    VOLUME(0x80, "Volume"),
    /** A Log (an ordered list of commits), prefix {@code 0xA0}. */
    LOG(0xA0, "Log"),
    /** A Segment (compressed pages in object storage), prefix {@code 0xC0}. */
    SEGMENT(0xC0, "Segment");

    /** The bit every prefix has set. */
    static final int TOP_BIT = 0x80;
    /** The bits that name the type. */
    static final int TYPE_BITS = 0x60;
    /** The bits reserved for future use, always 0. */
    static final int RESERVED_BITS = 0x1F;

    private static final GidType[] BY_TYPE_BITS = {VOLUME, LOG, SEGMENT, null};

    private final int prefix;
    private final String displayName;

    GidType(int prefix, String displayName) {
        this.prefix = prefix;
        this.displayName = displayName;
    }

    /**
     * Returns the prefix byte of this type.
     *
     * @return {@code 0x80}, {@code 0xA0} or {@code 0xC0}
     */
    public int prefix() {
        return prefix;
    }

    /**
     * Returns the name Graft gives this type, as shown in the decoded view.
     *
     * @return {@code "Volume"}, {@code "Log"} or {@code "Segment"}
     */
    public String displayName() {
        return displayName;
    }

    /**
     * Returns the type a prefix byte names.
     *
     * @param prefix the prefix byte, 0 to 255
     * @return its type
     * @throws IllegalArgumentException when the value is not a byte, lacks the top bit, has reserved bits set or
     *     names no known type; the message says which
     */
    public static GidType ofPrefix(int prefix) {
        Checks.inRange("GID prefix", prefix, 0, 0xFF);
        String problem = prefixProblem(prefix);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return BY_TYPE_BITS[(prefix & TYPE_BITS) >>> 5];
    }

    /**
     * Returns the type of a display name or constant name, ignoring the case of ASCII letters only: {@code "Log"},
     * {@code "log"}, {@code "LOG"}; not {@code "ſegment"}, whose long s Unicode's case folding would turn into an s.
     *
     * @param name the name
     * @return the type
     * @throws IllegalArgumentException when no type has that name
     */
    public static GidType ofName(String name) {
        for (GidType type : values()) {
            if (name != null && equalsIgnoringAsciiCase(type.displayName, name)) {
                return type;
            }
        }
        throw new IllegalArgumentException("No GID type is named " + Chars.quote(name) + " (Volume, Log or Segment)");
    }

    private static boolean equalsIgnoringAsciiCase(String expected, String name) {
        if (expected.length() != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (asciiLower(expected.charAt(i)) != asciiLower(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static char asciiLower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }

    /**
     * Returns the type of a prefix byte already known to be valid.
     *
     * @param prefix a valid prefix byte
     * @return its type
     */
    static GidType ofValidPrefix(int prefix) {
        return BY_TYPE_BITS[(prefix & TYPE_BITS) >>> 5];
    }

    /**
     * Says what is wrong with a prefix byte.
     *
     * @param prefix a byte value, 0 to 255
     * @return {@code null} for a valid prefix, else the reason it is invalid
     */
    static @Nullable String prefixProblem(int prefix) {
        if ((prefix & TOP_BIT) == 0) {
            return "prefix " + Hex.ofByte(prefix) + " lacks the top bit (0x80) every GID prefix has";
        }
        if ((prefix & RESERVED_BITS) != 0) {
            return "prefix " + Hex.ofByte(prefix) + " has reserved bits (0x1f) set";
        }
        if (BY_TYPE_BITS[(prefix & TYPE_BITS) >>> 5] == null) {
            return "prefix " + Hex.ofByte(prefix) + " names no known GID type (Volume 0x80, Log 0xa0, Segment 0xc0)";
        }
        return null;
    }
}
