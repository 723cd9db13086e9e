/**
 * What the generators of several schemes share: the builder settings of every generator (clock, listener, maximum
 * wait and node lease), which the builders of the five schemes extend so that configuration code can set them on a
 * generator of any scheme; and the issuing of one ID per slot of a leased sequence, which the Lable, muid and sno
 * generators extend.
 */
@NullMarked
package dev.ids.generator;

import org.jspecify.annotations.NullMarked;
