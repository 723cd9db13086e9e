/**
 * The command-line tool of {@code id-core}: generate and decode IDs of every scheme.
 */
package dev.ids.cli;
