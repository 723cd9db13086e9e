/**
 * Spring Boot glue for IDs in Spring Data R2DBC entities: the value types stored in the columns JPA gives them, and
 * generated IDs issued through the reactive path of {@code id-reactor}, which never blocks an event loop.
 */
@NullMarked
package dev.ids.autoconfigure.data.r2dbc;

import org.jspecify.annotations.NullMarked;
