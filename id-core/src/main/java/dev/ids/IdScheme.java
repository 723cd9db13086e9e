package dev.ids;

import dev.ids.internal.Chars;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The five ID schemes, by the names used in configuration, on the command line and in the decoded view.
 *
 * <p>Each scheme's package registers its {@link IdDescriptor} as a service, which {@link #descriptor()} finds, so
 * that this package, which every scheme depends on, depends on none of them.
 */
public enum IdScheme {

    /** elfo's TraceId: 63 bits of wrapping seconds, node, chunk and counter; decimal string. */
    TRACE_ID("trace-id"),

    /** Lable's eight-byte ID: millisecond timestamp, sequence, generator and cluster id; 16 hex digits. */
    LABLE("lable"),

    /** Graft's GID: 16 bytes of prefix, millisecond timestamp and random bits; base58 string. */
    GID("gid"),

    /** sno: 10 bytes of 4 ms time units, tick-tock bit, metabyte, partition and sequence; base32 string. */
    SNO("sno"),

    /** Gink's muid: 128 bits of microsecond timestamp, medallion and offset; upper-case hex with dashes. */
    MUID("muid");

    private final String schemeName;

    IdScheme(String schemeName) {
        this.schemeName = schemeName;
    }

    /** The descriptors of the schemes, loaded once, on first use. */
    private static final class Descriptors {

        static final Map<IdScheme, IdDescriptor<?>> BY_SCHEME = load();

        private static Map<IdScheme, IdDescriptor<?>> load() {
            Map<IdScheme, IdDescriptor<?>> descriptors = new EnumMap<>(IdScheme.class);
            for (IdDescriptor<?> descriptor : ServiceLoader.load(IdDescriptor.class,
                    IdDescriptor.class.getClassLoader())) {
                descriptors.putIfAbsent(of(descriptor.schemeName()), descriptor);
            }
            return descriptors;
        }
    }

    /**
     * Returns the scheme's name: {@code trace-id}, {@code lable}, {@code gid}, {@code sno} or {@code muid}.
     *
     * @return the name
     */
    public String schemeName() {
        return schemeName;
    }

    /**
     * Returns what the integrations need to know about this scheme's value type: its class, sizes, forms and
     * conversions.
     *
     * @return the scheme's descriptor, for example {@code SnoDescriptor.INSTANCE}'s equal for {@link #SNO}
     * @throws IllegalStateException when the scheme's descriptor is not registered as a service (a jar repackaged
     *     without id-core's service files)
     */
    public IdDescriptor<?> descriptor() {
        IdDescriptor<?> descriptor = Descriptors.BY_SCHEME.get(this);
        if (descriptor == null) {
            throw new IllegalStateException("No descriptor for the " + schemeName + " scheme on the class path: "
                    + "id-core's META-INF/services/" + IdDescriptor.class.getName() + " is missing (a jar "
                    + "repackaged without its service files?)");
        }
        return descriptor;
    }

    /**
     * Parses an identifier of this scheme from its string form and decodes it.
     *
     * @param text the identifier's string form
     * @return its decoded view
     * @throws InvalidIdException when the text is not a valid identifier of this scheme
     */
    public DecodedId decode(String text) {
        if (text == null) {
            throw new InvalidIdException(schemeName, null, "no input");
        }
        return descriptor().decode(text);
    }

    /**
     * Finds a scheme by its name (case-insensitive; {@code _} may stand for {@code -}).
     *
     * @param name the scheme's name, for example {@code "sno"} or {@code "trace-id"}
     * @return the scheme
     * @throws IllegalArgumentException naming the input and the known schemes when no scheme has that name
     */
    public static IdScheme of(String name) {
        String normalized = String.valueOf(name).trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (IdScheme scheme : values()) {
            if (scheme.schemeName.equals(normalized)) {
                return scheme;
            }
        }
        throw new IllegalArgumentException("Unknown ID scheme " + Chars.quote(name) + "; known schemes: " + names());
    }

    /**
     * Finds the scheme of an ID value type, as its descriptor names it ({@link IdDescriptor#valueType()}).
     *
     * @param valueType the value type, for example {@code Sno.class}
     * @return the scheme
     * @throws IllegalArgumentException naming the class when no scheme's values are of that type
     */
    public static IdScheme of(Class<?> valueType) {
        for (IdScheme scheme : values()) {
            if (scheme.descriptor().valueType() == valueType) {
                return scheme;
            }
        }
        throw new IllegalArgumentException("No ID scheme has values of " + valueType + "; known schemes: " + names());
    }

    /**
     * Returns the names of all schemes, comma-separated, for messages.
     *
     * @return {@code "trace-id, lable, gid, sno, muid"}
     */
    public static String names() {
        return Arrays.stream(values()).map(IdScheme::schemeName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return schemeName;
    }
}
