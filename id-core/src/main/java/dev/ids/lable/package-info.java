/**
 * Lable's eight-byte identifiers (LableOrg java-uniqueid): a 42-bit millisecond timestamp, a 6-bit sequence, a
 * generator id and a cluster id, either spread over the key space or sorted by time.
 */
@NullMarked
package dev.ids.lable;

import org.jspecify.annotations.NullMarked;
