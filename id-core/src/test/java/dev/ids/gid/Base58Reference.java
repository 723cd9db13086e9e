package dev.ids.gid;

import java.math.BigInteger;

/**
 * Independent base58 arithmetic for tests, with {@link BigInteger}: the variable-length encoding of the
 * {@code bs58} crate Graft uses (one {@code '1'} per leading zero byte, then the number's digits) and the decoding
 * of a digit string to a number.
 */
final class Base58Reference {

    static final String ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    private static final BigInteger BASE = BigInteger.valueOf(58);

    private Base58Reference() {
    }

    /** bs58 encoding of bytes: leading zero bytes as '1', then the big-endian number in base 58. */
    static String bs58(byte[] bytes) {
        StringBuilder digits = new StringBuilder();
        BigInteger value = new BigInteger(1, bytes);
        while (value.signum() > 0) {
            BigInteger[] qr = value.divideAndRemainder(BASE);
            digits.append(ALPHABET.charAt(qr[1].intValue()));
            value = qr[0];
        }
        for (int i = 0; i < bytes.length && bytes[i] == 0; i++) {
            digits.append('1');
        }
        return digits.reverse().toString();
    }

    /** The number a string of base58 digits stands for, or null when a character is outside the alphabet. */
    static BigInteger value(String digits) {
        BigInteger value = BigInteger.ZERO;
        for (char c : digits.toCharArray()) {
            int digit = ALPHABET.indexOf(c);
            if (digit < 0) {
                return null;
            }
            value = value.multiply(BASE).add(BigInteger.valueOf(digit));
        }
        return value;
    }

    /** The big-endian bytes of a non-negative number, left-padded to a width (the number must fit). */
    static byte[] bytes(BigInteger value, int width) {
        byte[] raw = value.toByteArray();
        byte[] out = new byte[width];
        int copy = Math.min(raw.length, width);
        System.arraycopy(raw, raw.length - copy, out, width - copy, copy);
        return out;
    }
}
