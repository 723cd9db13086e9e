/**
 * Spring Boot glue for generated IDs on JPA entities with Hibernate: the generator names of
 * {@code @GeneratedValue(generator = ...)} in the persistence unit built by Spring Boot.
 */
@NullMarked
package dev.ids.autoconfigure.jpa;

import org.jspecify.annotations.NullMarked;
