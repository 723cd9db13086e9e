/**
 * Node identities for the starter's generators leased from a shared store, one lease per generator.
 *
 * <p>The store is a {@link dev.ids.node.NodeLeaseProvider} bean: the application's own if it defines one, else the
 * starter's, made by the configuration of one kind of store ({@link dev.ids.autoconfigure.node.LeaseStoreKind},
 * registered in {@code META-INF/spring.factories}; the JDBC lease table, R2DBC, ZooKeeper, each in a subpackage of
 * its own) as {@code ids.node.provider} chooses ({@link dev.ids.autoconfigure.node.IdsNodeProperties}); the condition
 * report says which was made and why, and builder customizer beans adjust it.
 * {@link dev.ids.autoconfigure.node.NodeLeases} claims and holds the leases from whichever provider that is, and asks
 * the store's kind whatever depends on the store; no class of this package names a store.
 */
@NullMarked
package dev.ids.autoconfigure.node;

import org.jspecify.annotations.NullMarked;
