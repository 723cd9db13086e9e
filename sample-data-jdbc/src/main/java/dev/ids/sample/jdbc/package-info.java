/**
 * The Spring Data JDBC sample: one aggregate per ID scheme, kept in an in-memory H2 database and served over HTTP.
 */
package dev.ids.sample.jdbc;
