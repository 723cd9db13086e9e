package dev.ids.hibernate;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;

/**
 * Gives an entity attribute a new muid on insert, from the application's {@code MuidGenerator}: on the {@code @Id}
 * ({@code @Id @GeneratedMuid}) or on any other basic attribute, such as a business key.
 *
 * <p>Attribute types: {@code java.util.UUID} ({@link dev.ids.muid.Muid#toUuid()}; a native {@code uuid} column where
 * the database has one), {@code byte[]} of 16, {@code String} (34 characters) and {@link dev.ids.muid.Muid}. A binary
 * or string column must be long enough for the value (checked at start-up); for a fixed-length {@code BINARY} column of
 * a {@code byte[]} add {@code @JdbcTypeCode(SqlTypes.BINARY)} to {@code @Column(length = ...)}.
 *
 * <p>On MariaDB, whose native {@code uuid} type refuses many of these values (they are not RFC 9562 UUIDs), a
 * {@code UUID} attribute must be stored as {@code BINARY(16)}: set the Hibernate setting
 * {@code hibernate.type.preferred_uuid_jdbc_type=BINARY} or add {@code @JdbcTypeCode(SqlTypes.BINARY)}; the start-up
 * fails otherwise.
 *
 * <p>The generator is the instance in the Hibernate setting {@code ids.generator.muid}, else the bean container's
 * {@code MuidGenerator} bean; with {@link #name()}, {@code ids.generator.muid.<name>} and the bean
 * {@code <name>MuidGenerator}. {@link IdsGenerator} says how it is found and when an assigned value is kept.
 *
 * @see IdsGenerator
 * @see IdsGeneratorNames
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.METHOD })
@IdGeneratorType(IdsGenerator.class)
@ValueGenerationType(generatedBy = IdsGenerator.class)
public @interface GeneratedMuid {

    /**
     * Selects a named generator: under Spring Boot the one configured under {@code ids.muid.named.<name>}; with plain
     * Hibernate the one in the setting {@code ids.generator.muid.<name>}.
     *
     * @return the generator's name, or empty (the default) for the scheme's default generator
     */
    String name() default "";
}
