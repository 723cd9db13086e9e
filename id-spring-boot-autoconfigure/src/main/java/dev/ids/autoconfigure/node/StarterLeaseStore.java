package dev.ids.autoconfigure.node;

import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * What the starter's own lease provider configuration tells about the store it made: the bean's presence marks the
 * {@link dev.ids.node.NodeLeaseProvider} bean as the starter's rather than the application's, so that
 * {@link NodeLeases} can tell a store chosen automatically (and check it) from one the application chose.
 *
 * @param kind the kind of store, {@code jdbc}, {@code r2dbc} or {@code zookeeper}, as the {@code ids} endpoint names it
 * @param description the store and its settings, for logs, health and failure reports
 * @param dataSource the database of a JDBC store, checked before the first lease; {@code null} for the others
 */
public record StarterLeaseStore(String kind, String description, @Nullable DataSource dataSource) {
}
