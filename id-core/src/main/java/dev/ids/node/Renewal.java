package dev.ids.node;

/** What one renewal attempt of a {@link StoredNodeLease} came to. */
public enum Renewal {
    /** The store confirmed the lease and the deadline moved on. */
    RENEWED,
    /** The store could not be reached; the lease holds until its deadline and the renewal is retried. */
    FAILED,
    /** The lease is lost (or closed): another holder, or renewed too late. */
    LOST
}
