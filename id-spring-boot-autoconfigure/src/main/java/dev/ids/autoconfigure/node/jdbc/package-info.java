/**
 * The starter's JDBC lease store: its kind ({@code ids.node.provider=jdbc}), its configuration over the application's
 * DataSource, its builder customizers, and the check of the pool its renewals share.
 */
@NullMarked
package dev.ids.autoconfigure.node.jdbc;

import org.jspecify.annotations.NullMarked;
