/**
 * The command-line tool of {@code id-core}: generate and decode IDs of every scheme.
 */
@NullMarked
package dev.ids.cli;

import org.jspecify.annotations.NullMarked;
