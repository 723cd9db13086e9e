/**
 * Node identities leased from the lease table in the application's R2DBC database, without Spring
 * ({@link dev.ids.r2dbc.R2dbcNodeLeaseProvider}): the JDBC store's table and statements, rendered from
 * {@link dev.ids.node.sql.LeaseTableSql} with the driver's bind markers, under the shared lease lifecycle
 * ({@link dev.ids.node.StoredNodeLease}). Each call into the database blocks on the thread that makes it (the
 * lease's own renewal thread, the claim at start-up), never on an event loop. Works on H2, PostgreSQL and MariaDB.
 */
@NullMarked
package dev.ids.r2dbc;

import org.jspecify.annotations.NullMarked;
