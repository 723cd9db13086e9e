package dev.ids.hibernate;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;

/**
 * Gives an entity attribute a new TraceId on insert, from the application's {@code TraceIdGenerator}: on the
 * {@code @Id} ({@code @Id @GeneratedTraceId}) or on any other basic attribute, such as a business key.
 *
 * <p>Attribute types: {@code Long}/{@code long} ({@link dev.ids.traceid.TraceId#toLong()}), {@code String} (the decimal
 * form, up to 19 characters) and {@link dev.ids.traceid.TraceId}. A string column must be long enough for the value
 * (checked at start-up).
 *
 * <p>The generator comes from, in this order: the Hibernate setting {@code ids.generator.trace-id} (or
 * {@code ids.generator.trace-id.<name>} for a named generator) holding the generator instance; otherwise the bean
 * container Hibernate runs with, under Spring the {@code TraceIdGenerator} bean (or, with {@link #name()}, the bean
 * {@code <name>TraceIdGenerator}). Hibernate never creates a generator of its own. A value the application assigned
 * before the insert is kept (for a {@code long}/{@code Long} attribute, 0 counts as unassigned).
 *
 * @see IdsGenerator
 * @see IdsGeneratorNames
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.METHOD })
@IdGeneratorType(IdsGenerator.class)
@ValueGenerationType(generatedBy = IdsGenerator.class)
public @interface GeneratedTraceId {

    /**
     * Selects a named generator: under Spring Boot the one configured under {@code ids.trace-id.named.<name>}; with
     * plain Hibernate the one in the setting {@code ids.generator.trace-id.<name>}.
     *
     * @return the generator's name, or empty (the default) for the scheme's default generator
     */
    String name() default "";
}
