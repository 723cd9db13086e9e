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
 * <p>The generator is the instance in the Hibernate setting {@code ids.generator.trace-id}, else the bean container's
 * {@code TraceIdGenerator} bean; with {@link #name()}, {@code ids.generator.trace-id.<name>} and the bean
 * {@code <name>TraceIdGenerator}. {@link IdsGenerator} says how it is found and when an assigned value is kept.
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
