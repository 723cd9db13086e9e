/**
 * The starter's Redis lease store: its kind ({@code ids.node.provider=redis}, or auto mode with a Spring Data Redis
 * Lettuce connection and no SQL store), its configuration and properties ({@code ids.node.redis.*}), and its builder
 * customizers.
 */
@NullMarked
package dev.ids.autoconfigure.node.redis;

import org.jspecify.annotations.NullMarked;
