/**
 * What the starter's lease-table stores (JDBC and R2DBC) share: the words of their start-up failures.
 */
package dev.ids.autoconfigure.node.sql;
