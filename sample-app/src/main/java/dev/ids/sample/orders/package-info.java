/** Orders keyed by sno, whose metabyte carries the order kind. */
package dev.ids.sample.orders;
