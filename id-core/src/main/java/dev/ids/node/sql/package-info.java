/**
 * The lease table's SQL, written once for every store that keeps node leases in it: the JDBC store of
 * {@link dev.ids.node.jdbc} and the starter's R2DBC store render their statements from {@link
 * dev.ids.node.sql.LeaseTableSql}.
 */
package dev.ids.node.sql;
