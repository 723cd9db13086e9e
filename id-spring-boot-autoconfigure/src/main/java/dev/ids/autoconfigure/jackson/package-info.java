/**
 * Jackson 3 support for the ID value types and for 64-bit IDs held in {@code Long}s: a module that writes each ID as
 * its canonical string (a {@code Long} ID as a string of its digits) and reads it back, the {@link IdAsString} marker,
 * and the module's auto-configuration.
 */
@NullMarked
package dev.ids.autoconfigure.jackson;

import org.jspecify.annotations.NullMarked;
