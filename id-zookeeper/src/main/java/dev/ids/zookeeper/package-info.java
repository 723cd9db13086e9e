/**
 * Node identities leased from ZooKeeper through Apache Curator: ephemeral znodes, fenced on suspension, session loss
 * and a local deadline, with a persistent high-water mark per identity. Plain Java and Curator, no Spring: the
 * module {@code id-zookeeper} depends on {@code id-core} and Curator only.
 */
package dev.ids.zookeeper;
