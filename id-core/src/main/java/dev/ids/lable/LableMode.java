package dev.ids.lable;

/**
 * How a {@link LableId} stores its timestamp, recorded in the mode bit (bit 4 of byte 6).
 */
public enum LableMode {

    /**
     * The timestamp stored bit-reversed ({@code Long.reverse(timestamp)} over all 64 bits), mode bit 0: the
     * default of LableOrg's generators and the layout of its original document. Consecutive IDs land far apart,
     * which spreads them evenly over the key space (NoSQL row keys); their binary order says nothing about time.
     */
    SPREAD,

    /**
     * The timestamp stored as is ({@code timestamp << 22}), mode bit 1: IDs sort by creation time, then by
     * sequence, in their binary and string order.
     */
    TIME_SEQUENTIAL
}
