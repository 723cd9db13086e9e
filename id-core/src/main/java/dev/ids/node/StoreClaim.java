package dev.ids.node;

import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One claim in progress on a store that keeps a record per identity (a key, a Lease object, a znode): the identities
 * the read at its start found taken, and the holder value its writes record. A store's claim extends it with the
 * write that takes an identity, or a store makes one of its parts with {@link #of}. Used by one thread.
 *
 * @param <P> the store's proof of ownership
 */
public abstract class StoreClaim<P> implements NodeLeaseStore.Claiming<P> {

    private final long[] taken;
    private final String holder;

    /**
     * Keeps what the claim's read found.
     *
     * @param taken the identities found taken, in any order; kept as given
     * @param holder the holder value of the new lease
     */
    protected StoreClaim(long[] taken, String holder) {
        this.taken = Objects.requireNonNull(taken, "taken");
        this.holder = Objects.requireNonNull(holder, "holder");
    }

    /**
     * Makes a claim of its parts, for a store whose claims keep nothing between tries.
     *
     * @param taken the identities found taken, in any order
     * @param holder the holder value of the new lease
     * @param write the conditional write that takes one identity
     * @param describeTaken describes the taken range when the claim finds it full
     * @param <P> the store's proof of ownership
     * @return the claim
     */
    public static <P> StoreClaim<P> of(long[] taken, String holder, Write<P> write, Supplier<String> describeTaken) {
        Objects.requireNonNull(write, "write");
        Objects.requireNonNull(describeTaken, "describeTaken");
        return new StoreClaim<>(taken, holder) {
            @Override
            public NodeLeaseStore.@Nullable Claimed<P> tryTake(long identity) throws Exception {
                return write.tryTake(identity);
            }

            @Override
            public String describeTaken() {
                return describeTaken.get();
            }
        };
    }

    @Override
    public final long[] taken() {
        return taken.clone();
    }

    /**
     * Returns the holder value the claim's writes record.
     *
     * @return the holder value
     */
    protected final String holder() {
        return holder;
    }

    /**
     * The conditional write of a claim made by {@link #of}.
     *
     * @param <P> the store's proof of ownership
     */
    @FunctionalInterface
    public interface Write<P> {

        /**
         * Tries to take one identity, as {@link NodeLeaseStore.Claiming#tryTake} does.
         *
         * @param identity a free identity of the range, as far as the read knows
         * @return the identity taken, or {@code null} when another claimant won it
         * @throws Exception when the store cannot be written
         */
        NodeLeaseStore.@Nullable Claimed<P> tryTake(long identity) throws Exception;
    }
}
