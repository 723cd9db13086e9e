/**
 * The lease table, written once for every store that keeps node leases in it: the JDBC store of
 * {@link dev.ids.node.jdbc} and the R2DBC store of id-r2dbc share its SQL ({@link dev.ids.node.sql.LeaseTableSql},
 * each statement with its parameters in {@link dev.ids.node.sql.LeaseTableCalls}), their answers to the lease
 * lifecycle ({@link dev.ids.node.sql.LeaseTableStore}), the decisions of a claim
 * ({@link dev.ids.node.sql.TableClaim}), their settings and their providers' common part; each keeps only its way of
 * talking to the database.
 */
@NullMarked
package dev.ids.node.sql;

import org.jspecify.annotations.NullMarked;
