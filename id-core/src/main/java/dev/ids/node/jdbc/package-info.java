/**
 * Node identities leased from a table in the application's own database:
 * {@link dev.ids.node.jdbc.JdbcNodeLeaseProvider}, the JDBC store under the shared lease lifecycle
 * ({@link dev.ids.node.StoredNodeLease}). Uses only {@code java.sql} and {@code javax.sql}; works on H2,
 * PostgreSQL and MariaDB (and MySQL). The table's DDL ships as {@code META-INF/ids/ids-node-lease.sql}.
 */
@NullMarked
package dev.ids.node.jdbc;

import org.jspecify.annotations.NullMarked;
