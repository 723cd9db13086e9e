package dev.ids.event;

/**
 * Why a generator waited for its clock before it issued an ID: each wait has exactly one cause, and each cause its
 * own meter in the Spring Boot starter.
 */
public enum WaitCause {

    /**
     * Over capacity: the IDs of the time units up to the one the call waited for were all taken, by this call's
     * predecessors (a sequence overflow). The wait is as long as the scheme's rate requires, no longer.
     */
    CAPACITY,

    /**
     * The wall clock stood behind a time the generator had already read (it stepped back): the call waited for the
     * clock to catch up with times it had shown before.
     */
    CLOCK_REGRESSION,

    /**
     * A node lease's high-water mark lay ahead of the clock when the generator started (a restart after a crash,
     * or an identity another process held before): an earlier holder may have issued IDs up to the mark, so the
     * call waited for the clock to pass it. Not a clock regression: the clock never showed that time to this
     * generator.
     */
    LEASE_MARK
}
