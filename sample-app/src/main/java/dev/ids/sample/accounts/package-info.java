/** Accounts keyed by Lable 8-byte IDs in time-sequential mode. */
package dev.ids.sample.accounts;
