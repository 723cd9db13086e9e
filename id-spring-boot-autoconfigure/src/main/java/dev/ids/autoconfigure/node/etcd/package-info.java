/**
 * The starter's etcd lease store: its kind ({@code ids.node.provider=etcd}, or auto mode with
 * {@code ids.node.etcd.endpoints} set), its configuration and properties ({@code ids.node.etcd.*}), and its builder
 * customizers.
 */
@NullMarked
package dev.ids.autoconfigure.node.etcd;

import org.jspecify.annotations.NullMarked;
