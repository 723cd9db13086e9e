/**
 * Gink muids: 128-bit identifiers of a microsecond timestamp, a node's medallion and an offset within a transaction.
 */
package dev.ids.muid;
