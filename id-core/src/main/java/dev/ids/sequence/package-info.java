/**
 * The time-and-sequence mechanism shared by the time-ordered generators: unique slots, waits bounded by a limit,
 * and overflow and regression events.
 */
package dev.ids.sequence;
