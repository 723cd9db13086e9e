package dev.ids.hibernate.type;

import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.MySQLDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.dialect.SQLServerDialect;
import org.hibernate.type.descriptor.java.JavaType;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.sql.DdlType;

/**
 * The column type of {@link OrderedVarcharJdbcType}: the dialect's {@code VARCHAR} followed by a binary collation.
 */
final class OrderedVarcharDdlType implements DdlType {

    private final DdlType varchar;
    private final String collation;

    OrderedVarcharDdlType(DdlType varchar, Dialect dialect) {
        this.varchar = varchar;
        this.collation = collationClause(dialect);
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
        return varchar.getRawTypeName();
    }

    @Override
    public String[] getRawTypeNames() {
        return varchar.getRawTypeNames();
    }

    @Override
    public String getTypeName(Long size, Integer precision, Integer scale) {
        return varchar.getTypeName(size, precision, scale) + collation;
    }

    @Override
    public String getCastTypeName(JdbcType jdbcType, JavaType<?> javaType) {
        return varchar.getCastTypeName(jdbcType, javaType);
    }

    @Override
    public String getCastTypeName(JdbcType jdbcType, JavaType<?> javaType, Long length, Integer precision,
            Integer scale) {
        return varchar.getCastTypeName(jdbcType, javaType, length, precision, scale);
    }
}
