package dev.ids.jpa;

import dev.ids.gid.Gid;
import dev.ids.gid.GidCodec;
import dev.ids.gid.GidDescriptor;
import jakarta.persistence.Converter;

/**
 * Stores a {@link Gid} in a string column: its canonical 24-character base58 text ({@link Gid#toString()}).
 *
 * <p>Name it on a non-ID attribute with {@code @Convert(converter = GidStringConverter.class)}. It is not applied
 * automatically: the library's Hibernate {@code JavaType} already maps every {@code Gid} attribute, ID or not,
 * without a converter, and JPA allows no converter on an {@code @Id}.
 *
 * <p>Declare the column with its exact length, {@code @Column(length = LENGTH)}. The base58 text mixes upper and
 * lower case and sorts like the values only in a binary (case-sensitive, code-point) collation: MariaDB and MySQL
 * default to a case-insensitive one, and PostgreSQL databases are often created with a linguistic one. Add
 * {@code @JdbcTypeCode(OrderedVarcharJdbcType.TYPE_CODE)} (package {@code dev.ids.hibernate.type}) to the attribute,
 * which gives the column a binary collation on each database, or declare the collation yourself.
 */
@Converter
public final class GidStringConverter extends IdStringConverter<Gid> {

    /** The length of the stored string: 24 characters. */
    public static final int LENGTH = GidCodec.LENGTH;

    /**
     * Creates the converter; JPA providers call this.
     */
    public GidStringConverter() {
        super(GidDescriptor.INSTANCE);
    }
}
