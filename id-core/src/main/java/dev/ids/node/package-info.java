/**
 * Node identities held across many instances: leases claimed from a shared store, with fencing and a high-water
 * mark.
 */
package dev.ids.node;
