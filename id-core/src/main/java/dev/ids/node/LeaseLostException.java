package dev.ids.node;

/**
 * Thrown by a {@link NodeLeaseStore} when the store answers that a lease is no longer this holder's: another holder
 * took the identity, its record was released or deleted, the session that owned it expired. The lease ends at once,
 * for good; the message is the reason, worded to follow "no longer held (" in the messages the lease gives.
 */
public final class LeaseLostException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param reason why the lease is not this holder's any more, such as {@code another process holds the identity
     *     now}
     */
    public LeaseLostException(String reason) {
        super(reason, null, false, false);
    }
}
