/**
 * Node identities for the starter's generators leased from a shared store (the application's database or
 * ZooKeeper), one lease per generator, chosen by {@code ids.node.provider}.
 */
package dev.ids.autoconfigure.node;
