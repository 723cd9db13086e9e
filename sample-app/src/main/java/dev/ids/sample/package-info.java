/**
 * The sample application (filled in by the sample-app issue).
 */
package dev.ids.sample;
