package dev.ids.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Lower-case hexadecimal text of byte arrays, for decoded views and error messages. Not part of the public API.
 */
public final class Hex {

    /** How many bytes {@link #excerpt(byte[])} shows: with the length, within the 100 characters a message shows. */
    static final int SHOWN_BYTES = 40;

    private static final char[] DIGITS = "0123456789abcdef".toCharArray();
    private static final byte[] LATIN1_DIGITS = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private Hex() {
    }

    /**
     * Returns the lower-case hexadecimal text of the bytes, two digits per byte, or {@code "null"}.
     *
     * @param bytes the bytes, may be {@code null}
     * @return their hexadecimal text
     */
    public static String of(byte @Nullable [] bytes) {
        if (bytes == null) {
            return "null";
        }
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = DIGITS[(bytes[i] >> 4) & 0xF];
            out[2 * i + 1] = DIGITS[bytes[i] & 0xF];
        }
        return new String(out);
    }

    /**
     * Returns the hexadecimal text of an input that was refused, for an error message: all of it for up to
     * {@value #SHOWN_BYTES} bytes, else that many bytes followed by the length, as in {@code 0102…(1000 bytes)}.
     *
     * @param bytes the bytes, may be {@code null}
     * @return their bounded hexadecimal text
     */
    public static String excerpt(byte @Nullable [] bytes) {
        if (bytes == null || bytes.length <= SHOWN_BYTES) {
            return of(bytes);
        }
        return of(Arrays.copyOf(bytes, SHOWN_BYTES)) + "\u2026(" + bytes.length + " bytes)";
    }

    /**
     * Parses hexadecimal text (either case) into bytes.
     *
     * @param text an even number of hexadecimal digits
     * @return the bytes
     * @throws IllegalArgumentException naming the text when it is not hexadecimal or of odd length
     */
    public static byte[] parse(String text) {
        if (text.length() % 2 != 0) {
            throw new IllegalArgumentException("Hex text has an odd number of digits (" + text.length() + "): "
                    + Chars.quote(text));
        }
        byte[] out = new byte[text.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int high = Character.digit(text.charAt(2 * i), 16);
            int low = Character.digit(text.charAt(2 * i + 1), 16);
            if (high < 0 || low < 0) {
                throw new IllegalArgumentException("Not a hex digit at index " + (high < 0 ? 2 * i : 2 * i + 1)
                        + ": " + Chars.quote(text));
            }
            out[i] = (byte) (high << 4 | low);
        }
        return out;
    }

    /**
     * Returns the 16 lower-case hexadecimal digits of a long, big-endian: a Lable ID's string form, too.
     *
     * @param value the value
     * @return its 16 hexadecimal digits
     */
    public static String of(long value) {
        // One chain of appends with no control flow between them: C2 fuses it (OptimizeStringConcat) into one
        // array that becomes the String without a copy. Concatenating the chars with '+' took 3-4 times as long on
        // JDK 25, whose concatenation of many chars is not compiled as tightly (see BENCHMARKS.md).
        return new StringBuilder(16).append(digit(value, 60)).append(digit(value, 56)).append(digit(value, 52))
                .append(digit(value, 48)).append(digit(value, 44)).append(digit(value, 40)).append(digit(value, 36))
                .append(digit(value, 32)).append(digit(value, 28)).append(digit(value, 24)).append(digit(value, 20))
                .append(digit(value, 16)).append(digit(value, 12)).append(digit(value, 8)).append(digit(value, 4))
                .append(digit(value, 0)).toString();
    }

    /** One char, masked to eight bits so that the JIT knows it is Latin-1 (see MuidCodec.hex). */
    private static char digit(long value, int shift) {
        return (char) (LATIN1_DIGITS[(int) (value >>> shift) & 0xF] & 0xFF);
    }

    /**
     * Returns a byte value as messages show it: {@code 0x} and two lower-case hexadecimal digits, {@code 0x1f}.
     *
     * @param value 0 to 255
     * @return the byte in hexadecimal
     */
    public static String ofByte(int value) {
        return "0x" + DIGITS[(value >>> 4) & 0xF] + DIGITS[value & 0xF];
    }
}
