/**
 * The elfo TraceId scheme: 63-bit IDs made of a wrapping 25-bit second, a node number, a chunk number and a
 * counter, written as plain decimal.
 */
package dev.ids.traceid;
