/**
 * The starter's ZooKeeper lease store: its kind ({@code ids.node.provider=zookeeper}, or auto mode with
 * {@code ids.node.zookeeper.connect-string}), its configuration, and its builder customizers.
 */
@NullMarked
package dev.ids.autoconfigure.node.zookeeper;

import org.jspecify.annotations.NullMarked;
