/**
 * The elfo TraceId scheme: 63-bit IDs made of a wrapping 25-bit second, a node number, a chunk number and a
 * counter, written as plain decimal.
 *
 * <p>The layout of a {@link dev.ids.traceid.TraceId}'s value:
 *
 * <pre>
 *   bit 63  62 .......................... 38  37 ........... 22  21 ...... 10  9 ..... 0
 *  +------+---------------------------------+-------------------+--------------+----------+
 *  |  0   |  timestamp: Unix seconds mod    |  node_no          |  chunk_no    | counter  |
 *  |      |  2^25 (25 bits, 0..33554431)    |  (16 bits)        |  (12 bits)   | (1..1023)|
 *  +------+---------------------------------+-------------------+--------------+----------+
 *
 *  raw = timestamp &lt;&lt; 38 | node_no &lt;&lt; 22 | chunk_no &lt;&lt; 10 | counter
 * </pre>
 *
 * <ul>
 *   <li>The timestamp counts seconds and wraps every 2<sup>25</sup> s (about 388 days): turning it back into an
 *       {@link java.time.Instant} needs a reference time, see
 *       {@link dev.ids.traceid.TraceId#timestamp(java.time.Instant)}. IDs are unique only within one such
 *       period.</li>
 *   <li>{@code node_no} names the process (0 means unknown); {@code chunk_no} is a block of 1023 counters handed to
 *       one thread within one second; the counter runs from 1 to 1023, so a TraceId is never 0.</li>
 * </ul>
 */
@NullMarked
package dev.ids.traceid;

import org.jspecify.annotations.NullMarked;
