package dev.ids.hibernate;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;

/**
 * Gives an entity attribute a new sno on insert, from the application's {@code SnoGenerator}: on the {@code @Id}
 * ({@code @Id @GeneratedSno}) or on any other basic attribute, such as a business key.
 *
 * <p>Attribute types: {@code byte[]} of 10, {@code String} (16 characters) and {@link dev.ids.sno.Sno}. A binary or
 * string column must be long enough for the value (checked at start-up); for a fixed-length {@code BINARY} column of a
 * {@code byte[]} add {@code @JdbcTypeCode(SqlTypes.BINARY)} to {@code @Column(length = ...)}.
 *
 * <p>The generator comes from, in this order: the Hibernate setting {@code ids.generator.sno} (or
 * {@code ids.generator.sno.<name>} for a named generator) holding the generator instance; otherwise the bean container
 * Hibernate runs with, under Spring the {@code SnoGenerator} bean (or, with {@link #name()}, the bean
 * {@code <name>SnoGenerator}). Hibernate never creates a generator of its own. A value the application assigned before
 * the insert is kept (for a {@code long}/{@code Long} attribute, 0 counts as unassigned).
 *
 * @see IdsGenerator
 * @see IdsGeneratorNames
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.METHOD })
@IdGeneratorType(IdsGenerator.class)
@ValueGenerationType(generatedBy = IdsGenerator.class)
public @interface GeneratedSno {

    /**
     * Selects a named generator: under Spring Boot the one configured under {@code ids.sno.named.<name>}; with plain
     * Hibernate the one in the setting {@code ids.generator.sno.<name>}.
     *
     * @return the generator's name, or empty (the default) for the scheme's default generator
     */
    String name() default "";
}
