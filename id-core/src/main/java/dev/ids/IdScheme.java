package dev.ids;

import dev.ids.gid.Gid;
import dev.ids.internal.Chars;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The five ID schemes, by the names used in configuration, on the command line and in the decoded view.
 */
public enum IdScheme {

    /** elfo's TraceId: 63 bits of wrapping seconds, node, chunk and counter; decimal string. */
    TRACE_ID("trace-id", text -> TraceId.parse(text).decoded()),

    /** Lable's eight-byte ID: millisecond timestamp, sequence, generator and cluster id; 16 hex digits. */
    LABLE("lable", text -> LableId.parse(text).decoded()),

    /** Graft's GID: 16 bytes of prefix, millisecond timestamp and random bits; base58 string. */
    GID("gid", text -> Gid.parse(text).decoded()),

    /** sno: 10 bytes of 4 ms time units, tick-tock bit, metabyte, partition and sequence; base32 string. */
    SNO("sno", text -> Sno.parse(text).decoded()),

    /** Gink's muid: 128 bits of microsecond timestamp, medallion and offset; upper-case hex with dashes. */
    MUID("muid", text -> Muid.parse(text).decoded());

    private final String schemeName;
    private final Function<String, DecodedId> decoder;

    IdScheme(String schemeName, Function<String, DecodedId> decoder) {
        this.schemeName = schemeName;
        this.decoder = decoder;
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
        return decoder.apply(text);
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
