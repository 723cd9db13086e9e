package dev.ids.node.jdbc;

import dev.ids.node.sql.LeaseTableSql;

/**
 * Every statement the JDBC lease store runs on its table, rendered from the one source every store over the table
 * shares ({@link LeaseTableSql}) with JDBC's {@code ?} markers; the database's current time stands as
 * {@value DatabaseClock#NOW} until {@link JdbcConnections#prepare} replaces it. See {@link LeaseTable} for what each
 * condition guards.
 */
final class LeaseStatements {

    /** The table name, checked. */
    final String table;
    final String selectRangeSql;
    final String insertSql;
    final String takeOverSql;
    final String takeOverFromSql;
    final String selectHighWaterMarkSql;
    final String renewSql;
    final String holderSql;
    final String advanceSql;
    final String releaseSql;
    final String releaseLoweringSql;
    final String rowsSql;

    LeaseStatements(String table) {
        LeaseTableSql sql = LeaseTableSql.render(table, DatabaseClock.NOW, position -> "?");
        this.table = sql.table();
        this.selectRangeSql = sql.selectRange();
        this.insertSql = sql.insert();
        this.takeOverSql = sql.takeOver();
        this.takeOverFromSql = sql.takeOverFrom();
        this.selectHighWaterMarkSql = sql.selectHighWaterMark();
        this.renewSql = sql.renew();
        this.holderSql = sql.holder();
        this.advanceSql = sql.advance();
        this.releaseSql = sql.release();
        this.releaseLoweringSql = sql.releaseLowering();
        this.rowsSql = sql.rows();
    }
}
