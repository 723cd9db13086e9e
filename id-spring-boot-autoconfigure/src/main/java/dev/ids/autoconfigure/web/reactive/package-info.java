/**
 * Spring WebFlux support for the ID value types: request values and JSON bodies bound to IDs, and invalid IDs
 * answered with the same problem details (400) as in Spring MVC.
 */
@NullMarked
package dev.ids.autoconfigure.web.reactive;

import org.jspecify.annotations.NullMarked;
