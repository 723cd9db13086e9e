/**
 * The starter's Kubernetes lease store: its kind ({@code ids.node.provider=kubernetes}, or auto mode with
 * {@code ids.node.kubernetes.namespace} set), its configuration and properties ({@code ids.node.kubernetes.*}), the
 * StatefulSet pod ordinal as a node identity, and its builder customizers.
 */
@NullMarked
package dev.ids.autoconfigure.node.kubernetes;

import org.jspecify.annotations.NullMarked;
