/**
 * Events that generators report (sequence overflow, clock regression), independent of any metrics library.
 */
package dev.ids.event;
