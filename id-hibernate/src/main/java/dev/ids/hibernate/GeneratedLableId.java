package dev.ids.hibernate;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;

/**
 * Gives an entity attribute a new Lable ID on insert, from the application's {@code LableIdGenerator}: on the
 * {@code @Id} ({@code @Id @GeneratedLableId}) or on any other basic attribute, such as a business key.
 *
 * <p>Attribute types: {@code Long}/{@code long} ({@link dev.ids.lable.LableId#toLong()}), {@code String} (16 hex
 * digits) and {@link dev.ids.lable.LableId}. A binary or string column must be long enough for the value (checked at
 * start-up); for a fixed-length {@code BINARY} column of a {@code byte[]} add {@code @JdbcTypeCode(SqlTypes.BINARY)} to
 * {@code @Column(length = ...)}.
 *
 * <p>The generator is the instance in the Hibernate setting {@code ids.generator.lable}, else the bean container's
 * {@code LableIdGenerator} bean; with {@link #name()}, {@code ids.generator.lable.<name>} and the bean
 * {@code <name>LableIdGenerator}. {@link IdsGenerator} says how it is found and when an assigned value is kept.
 *
 * @see IdsGenerator
 * @see IdsGeneratorNames
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.METHOD })
@IdGeneratorType(IdsGenerator.class)
@ValueGenerationType(generatedBy = IdsGenerator.class)
public @interface GeneratedLableId {

    /**
     * Selects a named generator: under Spring Boot the one configured under {@code ids.lable.named.<name>}; with plain
     * Hibernate the one in the setting {@code ids.generator.lable.<name>}.
     *
     * @return the generator's name, or empty (the default) for the scheme's default generator
     */
    String name() default "";
}
