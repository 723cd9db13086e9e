package dev.ids.sno;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import dev.ids.internal.Hex;
import dev.ids.internal.Latin1Digits;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * The sno text encoding: the 80 bits of an ID as 16 characters of 5 bits each, most significant first, over the
 * alphabet {@code 23456789abcdefghijklmnopqrstuvwx}. Strings sort like the bytes they encode.
 *
 * <p>Every 16-character string over the alphabet decodes to exactly one ID and is that ID's canonical form. Unlike
 * the Go reference, which checks only the length, any character outside the alphabet is rejected.
 */
public final class SnoCodec {

    /** The 32 characters of the encoding, in the order of their values. */
    public static final String ALPHABET = "23456789abcdefghijklmnopqrstuvwx";

    /** The length of an encoded ID. */
    public static final int LENGTH = 16;

    private static final long BLOCK_MASK = (1L << 40) - 1;
    private static final byte[] ENCODE = ALPHABET.getBytes(StandardCharsets.US_ASCII);
    /** The value of each Latin-1 character as a digit of {@link #ALPHABET}, or -1. */
    private static final byte[] DECODE = Latin1Digits.table(ALPHABET);

    private SnoCodec() {
    }

    /**
     * Encodes the 10 bytes of an ID.
     *
     * @param bytes exactly 10 bytes
     * @return the 16-character string
     * @throws InvalidIdException when {@code bytes} is null or not 10 bytes long
     */
    public static String encode(byte[] bytes) {
        checkLength(bytes);
        return encode(block(bytes, 0), block(bytes, 5));
    }

    /**
     * Decodes a 16-character string into the 10 bytes of an ID.
     *
     * @param text the encoded ID
     * @return its 10 bytes
     * @throws InvalidIdException when the text is null, not 16 characters long or holds a character outside the
     *     alphabet
     */
    public static byte[] decode(CharSequence text) {
        if (text != null && text.length() == LENGTH) {
            long high = decodeBlock(text, 0);
            long low = decodeBlock(text, 8);
            if (high >= 0 && low >= 0) {
                return bytes(high, low);
            }
        }
        throw invalid(text);
    }

    /** The 10 bytes, big-endian, of two 40-bit blocks (bytes 0..4 and 5..9). */
    static byte[] bytes(long high, long low) {
        byte[] bytes = new byte[Sno.BYTES];
        for (int i = 0; i < 5; i++) {
            int shift = 32 - 8 * i;
            bytes[i] = (byte) (high >>> shift);
            bytes[5 + i] = (byte) (low >>> shift);
        }
        return bytes;
    }

    /** Reads 5 bytes from {@code offset} as a 40-bit big-endian block. */
    static long block(byte[] bytes, int offset) {
        long block = 0;
        for (int i = offset; i < offset + 5; i++) {
            block = block << 8 | (bytes[i] & 0xFF);
        }
        return block & BLOCK_MASK;
    }

    /**
     * Tells whether a text is a valid encoded ID: 16 characters, all from the alphabet.
     *
     * @param text the text, may be null
     * @return whether {@link #decode(CharSequence)} would accept it
     */
    public static boolean isValid(@Nullable CharSequence text) {
        return text != null && text.length() == LENGTH && decodeBlock(text, 0) >= 0 && decodeBlock(text, 8) >= 0;
    }

    /** Encodes two 40-bit blocks (bytes 0..4 and 5..9) as 16 characters. */
    static String encode(long high, long low) {
        // One chain of appends, for the reason Hex.of(long) gives.
        return new StringBuilder(LENGTH).append(digit(high, 35)).append(digit(high, 30)).append(digit(high, 25))
                .append(digit(high, 20)).append(digit(high, 15)).append(digit(high, 10)).append(digit(high, 5))
                .append(digit(high, 0)).append(digit(low, 35)).append(digit(low, 30)).append(digit(low, 25))
                .append(digit(low, 20)).append(digit(low, 15)).append(digit(low, 10)).append(digit(low, 5))
                .append(digit(low, 0)).toString();
    }

    /** One char, masked to eight bits so that the JIT knows it is Latin-1 (see MuidCodec.hex). */
    private static char digit(long block, int shift) {
        return (char) (ENCODE[(int) (block >>> shift) & 31] & 0xFF);
    }

    /**
     * Decodes 8 characters from {@code offset} into a 40-bit block.
     *
     * @return the block, or -1 when a character lies outside the alphabet
     */
    static long decodeBlock(CharSequence text, int offset) {
        long block = 0;
        for (int i = offset; i < offset + 8; i++) {
            char c = text.charAt(i);
            int value = Latin1Digits.value(DECODE, c);
            if (value < 0) {
                return -1;
            }
            block = block << 5 | value;
        }
        return block;
    }

    /** Builds the exception for a text that {@link #isValid(CharSequence)} rejects. */
    static InvalidIdException invalid(CharSequence text) {
        String input = String.valueOf(text);
        if (text == null) {
            return new InvalidIdException(Sno.SCHEME, input, "must not be null");
        }
        if (text.length() != LENGTH) {
            return new InvalidIdException(Sno.SCHEME, input,
                    "must be exactly " + LENGTH + " characters long, not " + text.length());
        }
        for (int i = 0; i < LENGTH; i++) {
            char c = text.charAt(i);
            if (Latin1Digits.value(DECODE, c) < 0) {
                return new InvalidIdException(Sno.SCHEME, input, "invalid " + Chars.describeAt(text, i)
                        + " (allowed: " + ALPHABET + ")");
            }
        }
        return new InvalidIdException(Sno.SCHEME, input, "not a sno");
    }

    static void checkLength(byte[] bytes) {
        if (bytes == null) {
            throw new InvalidIdException(Sno.SCHEME, "null", "must not be null");
        }
        if (bytes.length != Sno.BYTES) {
            throw new InvalidIdException(Sno.SCHEME, Hex.excerpt(bytes),
                    "must be exactly " + Sno.BYTES + " bytes long, not " + bytes.length);
        }
    }
}
