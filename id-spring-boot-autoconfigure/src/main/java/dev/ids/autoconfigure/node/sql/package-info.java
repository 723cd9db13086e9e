/**
 * What the starter's lease-table stores (JDBC and R2DBC) share: what they are as kinds of store, the words of their
 * start-up failures, and how their providers are made from {@code ids.node.jdbc.*}.
 */
@NullMarked
package dev.ids.autoconfigure.node.sql;

import org.jspecify.annotations.NullMarked;
