/**
 * The builder settings every generator shares: clock, listener, maximum wait and node lease. The builders of the
 * five schemes extend these classes, so configuration code can set them on a generator of any scheme.
 */
package dev.ids.generator;
