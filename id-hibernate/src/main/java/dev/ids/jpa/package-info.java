/**
 * JPA {@link jakarta.persistence.AttributeConverter}s between the ID value types and their string or binary
 * columns, for non-ID attributes that name one explicitly with {@code @Convert}.
 */
@NullMarked
package dev.ids.jpa;

import org.jspecify.annotations.NullMarked;
