package dev.ids.jpa;

import dev.ids.gid.Gid;
import jakarta.persistence.AttributeConverter;
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
public final class GidStringConverter implements AttributeConverter<Gid, String> {

    /** The length of the stored string: 24 characters. */
    public static final int LENGTH = 24;

    /**
     * Creates the converter; JPA providers call this.
     */
    public GidStringConverter() {
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the canonical text, or {@code null} for {@code null}
     */
    @Override
    public String convertToDatabaseColumn(Gid attribute) {
        return attribute == null ? null : attribute.toString();
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the canonical text of a {@code Gid}
     */
    @Override
    public Gid convertToEntityAttribute(String dbData) {
        return dbData == null ? null : Gid.parse(dbData);
    }
}
