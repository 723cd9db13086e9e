package dev.ids.hibernate.type;

import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.MySQLDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.dialect.SQLServerDialect;
import org.hibernate.engine.jdbc.Size;
import org.hibernate.type.BasicType;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.Type;
import org.hibernate.type.descriptor.java.JavaType;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.sql.DdlType;
import org.hibernate.type.descriptor.sql.spi.DdlTypeRegistry;

/**
 * The column type of {@link OrderedVarcharJdbcType}: the dialect's {@code VARCHAR} followed by a binary collation.
 * The dialect's {@code VARCHAR} is looked up when needed (contributors run before the dialect registers its types),
 * and this type claims no raw type name, so that reading a schema still maps {@code varchar} to {@code VARCHAR}.
 *
 * @param registry the registry the dialect's {@code VARCHAR} is looked up in
 * @param dialect the dialect, which chooses the collation
 */
record OrderedVarcharDdlType(DdlTypeRegistry registry, Dialect dialect) implements DdlType {

    private static final String[] NO_NAMES = {};

    private DdlType varchar() {
        return registry.getDescriptor(SqlTypes.VARCHAR);
    }

    static String collationClause(Dialect dialect) {
        if (dialect instanceof PostgreSQLDialect) {
            return " collate \"C\"";
        }
        if (dialect instanceof MySQLDialect) {
            return " character set ascii collate ascii_bin";
        }
        if (dialect instanceof SQLServerDialect) {
            return " collate Latin1_General_BIN2";
        }
        return "";
    }

    @Override
    public int getSqlTypeCode() {
        return OrderedVarcharJdbcType.TYPE_CODE;
    }

    @Override
    public String getRawTypeName() {
        return varchar().getRawTypeName();
    }

    @Override
    public String[] getRawTypeNames() {
        return NO_NAMES;
    }

    /**
     * Returns the column type for an attribute. Hibernate's size strategy leaves the length unset for a type code it
     * does not know, so a missing length is taken from the attribute's Java type, as for a plain {@code VARCHAR}.
     */
    @Override
    public String getTypeName(Size size, Type type, DdlTypeRegistry ddlTypeRegistry) {
        Long length = size.getLength();
        if (length == null && type instanceof BasicType<?> basic) {
            length = basic.getJavaTypeDescriptor().getDefaultSqlLength(dialect, basic.getJdbcType());
        }
        return getTypeName(length == null ? Size.DEFAULT_LENGTH : length, size.getPrecision(), size.getScale());
    }

    @Override
    public String getTypeName(Long size, Integer precision, Integer scale) {
        return varchar().getTypeName(size, precision, scale) + collationClause(dialect);
    }

    @Override
    public String getCastTypeName(JdbcType jdbcType, JavaType<?> javaType) {
        return varchar().getCastTypeName(jdbcType, javaType);
    }

    @Override
    public String getCastTypeName(JdbcType jdbcType, JavaType<?> javaType, Long length, Integer precision,
            Integer scale) {
        return varchar().getCastTypeName(jdbcType, javaType, length, precision, scale);
    }
}
