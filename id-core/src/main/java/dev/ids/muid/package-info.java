/**
 * Gink muids: 128-bit identifiers of a microsecond timestamp, a node's medallion and an offset within a transaction.
 */
@NullMarked
package dev.ids.muid;

import org.jspecify.annotations.NullMarked;
