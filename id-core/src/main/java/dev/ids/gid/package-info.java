/**
 * Graft's GID: a 16-byte identifier of a Volume, Log or Segment that embeds its creation time in milliseconds and
 * 64 or more random bits, written as a 24-character base58 string that sorts like its bytes ({@link dev.ids.gid.Gid}).
 *
 * <pre>
 *  byte   0        1        2        3        4        5        6        7        8 ... 15
 *      +--------+--------+--------+--------+--------+--------+--------+--------+------------+
 *      | prefix |        Unix time in milliseconds, 48 bits, big-endian  |1xxxxxxx|  random    |
 *      +--------+--------+--------+--------+--------+--------+--------+--------+------------+
 *      |&lt;-- type: 0x80 Volume, 0xA0 Log, 0xC0 Segment              |&lt;- 72 bits: top bit 1 -&gt;|
 *
 *  string: base58(bytes 0..6) "-" base58(bytes 7..15)   e.g. 74gfrC8X75-4Fwt5S13qxVrN
 *          10 characters          13 characters           (Bitcoin alphabet, case-sensitive)
 * </pre>
 *
 * <p>Byte 7 must have its top bit set. Graft's original layout repeats the prefix there and fills bytes 8..15
 * with 64 random bits ({@link dev.ids.gid.Gid#of(dev.ids.gid.GidType, long, long)}); its later code fills bytes
 * 7..15 with 72 random bits and sets the top bit of byte 7 ({@link dev.ids.gid.Gid#of(dev.ids.gid.GidType, long,
 * byte[])}, what {@link dev.ids.gid.GidGenerator} does). Both parse. The top bit makes the random group a 9-byte
 * number of exactly 13 base58 digits, so every GID has a 24-character string, and strings sort like the bytes: by
 * type, then by time, then by the random bits.
 */
@NullMarked
package dev.ids.gid;

import org.jspecify.annotations.NullMarked;
