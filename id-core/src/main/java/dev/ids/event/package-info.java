/**
 * Events that generators report (waits and their causes, clock regressions, refusals), independent of any metrics
 * library.
 */
package dev.ids.event;
