package dev.ids.sno;

import org.jspecify.annotations.Nullable;

/**
 * Each thread's {@link SnoBlock} of one {@link TickTockSequence}, once threads contend for its state: until the
 * first lost compare-and-set, a sequence used by one thread at a time never pays for the thread-local lookup.
 */
final class SnoBlocks {

    /** Each thread's block of sequence numbers taken from the state but not issued yet. */
    private final ThreadLocal<SnoBlock> blocks = ThreadLocal.withInitial(SnoBlock::new);
    /** Set when a compare-and-set on the state first fails: from then on threads use {@link #blocks}. */
    private volatile boolean contended;

    /** This thread's block once threads have contended; {@code null} before. */
    @Nullable SnoBlock current() {
        return contended ? blocks.get() : null;
    }

    /** After a lost compare-and-set in {@code unit}: this thread's block, with a doubled size for that unit. */
    SnoBlock lostRace(@Nullable SnoBlock block, long unit) {
        SnoBlock mine = block;
        if (mine == null) {
            contended = true;
            mine = blocks.get();
            mine.sizeFor(unit, 1);
        }
        mine.contended();
        return mine;
    }
}
