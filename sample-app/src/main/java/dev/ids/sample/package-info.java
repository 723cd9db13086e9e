/** The sample application and what its five REST resources share: time ranges, assigned IDs and error answers. */
package dev.ids.sample;
