/**
 * Helpers shared by the scheme packages; not part of the public API and free to change.
 */
@NullMarked
package dev.ids.internal;

import org.jspecify.annotations.NullMarked;
