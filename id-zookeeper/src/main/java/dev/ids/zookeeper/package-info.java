/**
 * Node identities leased from ZooKeeper through Apache Curator: ephemeral znodes, fenced on suspension, session loss
 * and a local deadline, with a persistent high-water mark per identity. Plain Java and Curator, no Spring; Curator
 * is an optional dependency of this module.
 */
package dev.ids.zookeeper;
