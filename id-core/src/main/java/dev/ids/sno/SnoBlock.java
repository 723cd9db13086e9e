package dev.ids.sno;

/**
 * Sequence numbers of one unit and timeline that one thread took from the shared state in a single
 * compare-and-set, to issue without touching the shared state again: threads that contend for the state take
 * blocks, so they stop bouncing its cache line at every ID. The numbers are taken, so no other thread issues
 * them; they are issued only while the clock still reads the block's unit, in increasing order, and dropped
 * when the unit passes. A thread that meets no contention takes one number at a time, exactly as without
 * blocks; each lost compare-and-set doubles its next block, up to {@link #MAX_SIZE}, and each new unit starts
 * again at one, so a unit loses at most a block per contending thread when the clock moves on.
 */
final class SnoBlock {

    /** Small beside a unit's 65,536 numbers, large enough that contention costs little per ID. */
    static final int MAX_SIZE = 64;

    long unit = -1;
    int tick;
    /** The next number to issue. */
    int next;
    /** One past the last number of the block; {@code next == end} when the block is used up. */
    int end;
    /** The unit {@link #size} was last reset for. */
    long sizedFor = -1;
    int size = 1;

    /** How many numbers to take now from a unit with {@code left} numbers left. */
    int sizeFor(long currentUnit, int left) {
        if (currentUnit != sizedFor) {
            sizedFor = currentUnit;
            size = 1;
        }
        return Math.min(size, left);
    }

    void contended() {
        size = Math.min(size * 2, MAX_SIZE);
    }

    void hold(long blockUnit, int blockTick, int from, int to) {
        unit = blockUnit;
        tick = blockTick;
        next = from;
        end = to;
    }
}
