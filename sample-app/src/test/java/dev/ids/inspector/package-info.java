/** A test-only stand-in for the sample application, for the ID-inspector page's tests. */
package dev.ids.inspector;
