package dev.ids.hibernate.type;

import org.hibernate.type.descriptor.java.JavaType;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.jdbc.JdbcTypeIndicators;
import org.hibernate.type.descriptor.jdbc.VarcharJdbcType;

/**
 * A {@code VARCHAR} whose column compares strings by their characters' codes, whatever the database's default
 * collation: the column for ID strings that must sort like the IDs, which matters for GIDs (base58 mixes upper and
 * lower case). Select it on an attribute with {@code @JdbcTypeCode(OrderedVarcharJdbcType.TYPE_CODE)}; the
 * column's type is, per database:
 *
 * <ul>
 *   <li>PostgreSQL: {@code varchar(n) collate "C"};</li>
 *   <li>MariaDB and MySQL: {@code varchar(n) character set ascii collate ascii_bin};</li>
 *   <li>SQL Server: {@code varchar(n) collate Latin1_General_BIN2};</li>
 *   <li>others, H2 among them: the dialect's {@code varchar(n)}. H2 compares strings by character codes unless
 *       the database was given a collation ({@code SET COLLATION}).</li>
 * </ul>
 *
 * <p>Values are bound and read as with a plain {@code VARCHAR}. {@link IdsTypeContributor} registers the type and
 * its DDL.
 */
public final class OrderedVarcharJdbcType extends VarcharJdbcType {

    /** The type code to name in {@code @JdbcTypeCode}; a number outside the JDBC and Hibernate codes. */
    public static final int TYPE_CODE = 4_347_001;

    /** The type; it holds no state. */
    public static final OrderedVarcharJdbcType INSTANCE = new OrderedVarcharJdbcType();

    /**
     * Creates the type; use {@link #INSTANCE}, or let Hibernate create it from {@code @JdbcType}.
     */
    public OrderedVarcharJdbcType() {
    }

    /**
     * Returns {@link #TYPE_CODE}, under which the type and its DDL are registered.
     *
     * @return {@link #TYPE_CODE}
     */
    @Override
    public int getDefaultSqlTypeCode() {
        return TYPE_CODE;
    }

    /**
     * Returns this type: unlike a plain {@code VARCHAR}, it does not turn into {@code NVARCHAR} or a long text type.
     *
     * @param indicators the attribute's context
     * @param domainJtd the attribute's Java type
     * @return this type
     */
    @Override
    public JdbcType resolveIndicatedType(JdbcTypeIndicators indicators, JavaType<?> domainJtd) {
        return this;
    }

    /**
     * Returns a name for logs.
     *
     * @return {@code "ORDERED_VARCHAR"}
     */
    @Override
    public String getFriendlyName() {
        return "ORDERED_VARCHAR";
    }

    @Override
    public String toString() {
        return "OrderedVarcharJdbcType";
    }
}
