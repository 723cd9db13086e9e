/**
 * Events that generators report (waits and their causes, clock regressions, refusals), independent of any metrics
 * library.
 */
@NullMarked
package dev.ids.event;

import org.jspecify.annotations.NullMarked;
