/**
 * Spring Boot glue for IDs in Spring Data JDBC aggregates: the value types stored in the columns JPA gives them, and
 * generated aggregate IDs taken from the application's generator beans.
 */
@NullMarked
package dev.ids.autoconfigure.data.jdbc;

import org.jspecify.annotations.NullMarked;
