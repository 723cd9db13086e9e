package dev.ids.node.jdbc;

/**
 * Every statement the JDBC lease store runs on its table, written once for a table name; the database's current
 * time stands as {@value DatabaseClock#NOW} until {@link JdbcConnections#prepare} replaces it. The conditions that
 * make the protocol safe are here: see {@link LeaseTable} for what each one guards.
 */
final class LeaseStatements {

    /** The table name, checked. */
    final String table;
    final String selectRangeSql;
    final String insertSql;
    final String takeOverSql;
    final String selectHighWaterMarkSql;
    final String renewSql;
    final String holderSql;
    final String advanceSql;
    final String releaseSql;
    final String releaseLoweringSql;
    final String rowsSql;

    LeaseStatements(String table) {
        this.table = table;
        String now = DatabaseClock.NOW;
        this.selectRangeSql = "SELECT node_id, expires_at, " + now + " FROM " + table
                + " WHERE namespace = ? AND node_id >= ? AND node_id <= ? ORDER BY node_id";
        this.insertSql = "INSERT INTO " + table
                + " (namespace, node_id, holder, expires_at, high_water_mark) VALUES (?, ?, ?, " + now + " + ?, 0)";
        this.takeOverSql = "UPDATE " + table
                + " SET holder = ?, expires_at = " + now + " + ? WHERE namespace = ? AND node_id = ? AND expires_at < "
                + now + " - ?";
        this.selectHighWaterMarkSql = "SELECT high_water_mark FROM " + table
                + " WHERE namespace = ? AND node_id = ? AND holder = ?";
        // expires_at > 0: a renewal that overlaps the release of its own lease must not revive the row.
        this.renewSql = "UPDATE " + table + " SET expires_at = " + now + " + ?"
                + " WHERE namespace = ? AND node_id = ? AND holder = ? AND expires_at > 0";
        this.holderSql = "SELECT holder, expires_at FROM " + table + " WHERE namespace = ? AND node_id = ?";
        // expires_at > 0: a mark write that lands after its lease's release must not alter the released row, whose
        // mark the release (and a re-claim of this very process) have read as final.
        this.advanceSql = "UPDATE " + table + " SET high_water_mark = GREATEST(high_water_mark, ?)"
                + " WHERE namespace = ? AND node_id = ? AND holder = ? AND expires_at > 0";
        this.releaseSql = "UPDATE " + table + " SET expires_at = 0 WHERE namespace = ? AND node_id = ? AND holder = ?";
        this.releaseLoweringSql = "UPDATE " + table + " SET expires_at = 0, high_water_mark = ?"
                + " WHERE namespace = ? AND node_id = ? AND holder = ?";
        this.rowsSql = "SELECT node_id, holder, expires_at, high_water_mark FROM " + table
                + " WHERE namespace = ? ORDER BY node_id";
    }
}
