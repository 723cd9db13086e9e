package dev.ids.gid;

import java.math.BigInteger;

/**
 * The arithmetic that splits a GID's 72-bit random group (bytes 7..15) into the two halves its 13 base58 digits are
 * written from: {@code value = quotient * 58^7 + remainder}, the quotient six digits and the remainder seven. Kept
 * apart from {@link GidCodec}, which writes the digits, as it is number theory rather than text: {@code long}s
 * only, no 72-bit division and no {@code BigInteger} once the class is initialised.
 */
final class RandomGroup {

    /** 58^7: the random group is {@code quotient * 58^7 + remainder} with {@code remainder < 58^7}. */
    static final long POW58_7 = GidText.POW58_7;
    /** 2^64 modulo 58^7. */
    private static final long TWO64_MOD_POW58_7 = BigInteger.ONE.shiftLeft(64).mod(BigInteger.valueOf(POW58_7))
            .longValueExact();
    /** 58^7 = 2^7 * 29^7; the inverse of 29^7 modulo 2^64. */
    private static final long INVERSE_29_POW7 = inverse(POW58_7 >>> 7);
    private static final long LOW_57_BITS = (1L << 57) - 1;

    private RandomGroup() {
    }

    /** The 72-bit value {@code firstByte * 2^64 + rest} modulo 58^7. */
    static long remainder(int firstByte, long rest) {
        // rest as unsigned, modulo 58^7, without Long.remainderUnsigned (which takes BigInteger on JDK 17 for
        // values from 2^63): halve, divide, and correct by at most one 58^7. Then 2^64 mod 58^7 folds the top
        // byte in.
        long restRemainder = rest - ((rest >>> 1) / POW58_7 << 1) * POW58_7;
        if (restRemainder >= POW58_7) {
            restRemainder -= POW58_7;
        }
        return ((firstByte & 0xFF) * TWO64_MOD_POW58_7 + restRemainder) % POW58_7;
    }

    /** The 72-bit value {@code firstByte * 2^64 + rest} divided by 58^7, given its remainder. */
    static long quotient(long rest, long remainder) {
        // value - remainder = quotient * 2^7 * 29^7 exactly. Its low 64 bits shifted right by 7 are
        // quotient * 29^7 modulo 2^57; times the inverse of 29^7 that is the quotient modulo 2^57, which is the
        // quotient itself (below 2^72 / 58^7 < 2^32): a multiplication instead of a 72-bit long division.
        return ((rest - remainder) >>> 7) * INVERSE_29_POW7 & LOW_57_BITS;
    }

    /** The inverse modulo 2^64 of an odd number, by Newton's iteration (each step doubles the correct bits). */
    private static long inverse(long odd) {
        long inverse = odd; // correct to 3 bits: odd * odd = 1 (mod 8)
        for (int i = 0; i < 5; i++) {
            inverse *= 2 - odd * inverse;
        }
        return inverse;
    }
}
