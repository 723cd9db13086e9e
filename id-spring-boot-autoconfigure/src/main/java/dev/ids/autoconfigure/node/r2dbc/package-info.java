/**
 * The starter's R2DBC lease store: its kind ({@code ids.node.provider=r2dbc}), its configuration over the
 * application's ConnectionFactory, and its builder customizers. The store itself is the {@code id-r2dbc} module's
 * ({@link dev.ids.r2dbc.R2dbcNodeLeaseProvider}).
 */
@NullMarked
package dev.ids.autoconfigure.node.r2dbc;

import org.jspecify.annotations.NullMarked;
