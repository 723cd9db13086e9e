/**
 * Spring MVC support for the ID value types: converters that bind path variables and request parameters to IDs, the
 * problem details (400) that name an invalid ID and say why, and their auto-configuration. The converters and the
 * problem details are shared with the WebFlux support in {@code dev.ids.autoconfigure.web.reactive}.
 */
@NullMarked
package dev.ids.autoconfigure.web;

import org.jspecify.annotations.NullMarked;
