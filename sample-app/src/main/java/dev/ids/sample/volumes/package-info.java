/** Stored volumes keyed by Graft GIDs of type Volume. */
package dev.ids.sample.volumes;
