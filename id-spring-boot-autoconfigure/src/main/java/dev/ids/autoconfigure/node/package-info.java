/**
 * Node identities for the starter's generators leased from a shared store, one lease per generator.
 *
 * <p>The store is a {@link dev.ids.node.NodeLeaseProvider} bean: the application's own if it defines one, else the
 * starter's, made by a conditional configuration per store (the JDBC lease table, ZooKeeper) as
 * {@code ids.node.provider} chooses ({@link dev.ids.autoconfigure.node.IdsNodeProperties}); the condition report says
 * which was made and why, and builder customizer beans adjust it. {@link dev.ids.autoconfigure.node.NodeLeases}
 * claims and holds the leases from whichever provider that is.
 */
package dev.ids.autoconfigure.node;
