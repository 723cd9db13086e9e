/**
 * The WebFlux and Spring Data R2DBC sample: entities of three ID schemes, kept through R2DBC in an in-memory H2
 * database and served by reactive handlers, with node identities leased through the same ConnectionFactory.
 */
package dev.ids.sample.r2dbc;
