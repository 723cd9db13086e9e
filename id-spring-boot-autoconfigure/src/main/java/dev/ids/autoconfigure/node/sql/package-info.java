/**
 * What the starter's lease-table stores (JDBC and R2DBC) share: what they are as kinds of store, and the words of their start-up failures.
 */
package dev.ids.autoconfigure.node.sql;
