/**
 * Actuator support for the generators the starter made: the {@code ids} health indicator and the {@code ids}
 * endpoint, which lists the generators and decodes IDs.
 */
package dev.ids.autoconfigure.actuate;
