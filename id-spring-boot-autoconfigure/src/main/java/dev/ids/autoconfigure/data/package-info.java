/**
 * What the Spring Data JDBC and R2DBC glue share: the converters that store the ID value types in the columns JPA
 * gives them, and the inspection of aggregate types whose ID asks for an ids generator.
 */
@NullMarked
package dev.ids.autoconfigure.data;

import org.jspecify.annotations.NullMarked;
