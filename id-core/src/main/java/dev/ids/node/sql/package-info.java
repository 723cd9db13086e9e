/**
 * The lease table's SQL, written once for every store that keeps node leases in it: the JDBC store of
 * {@link dev.ids.node.jdbc} and the R2DBC store of id-r2dbc render their statements from {@link
 * dev.ids.node.sql.LeaseTableSql}.
 */
package dev.ids.node.sql;
