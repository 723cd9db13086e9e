/**
 * Helpers shared by the scheme packages; not part of the public API and free to change.
 */
package dev.ids.internal;
