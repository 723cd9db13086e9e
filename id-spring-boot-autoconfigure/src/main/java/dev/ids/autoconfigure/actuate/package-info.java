/**
 * Actuator support for the generators the starter made: the {@code ids} health indicator and the {@code ids}
 * endpoint, which lists the generators and decodes IDs.
 */
@NullMarked
package dev.ids.autoconfigure.actuate;

import org.jspecify.annotations.NullMarked;
