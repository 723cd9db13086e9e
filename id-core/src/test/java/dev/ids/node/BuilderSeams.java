package dev.ids.node;

/**
 * The test seam every store's builder shares, reached from the package of {@link LeaseTimingSettings}, which
 * declares it: whether leases renew on a thread of their own, or only when the test renews them.
 */
public final class BuilderSeams {

    private BuilderSeams() {
    }

    /**
     * Sets whether the builder's leases renew themselves on a background thread.
     *
     * @param builder a store's builder
     * @param backgroundRenewal {@code false} for leases the test renews by hand ({@link StoredNodeLease#renew()})
     * @param <B> the builder's type
     * @return the builder
     */
    public static <B extends LeaseTimingSettings<B>> B backgroundRenewal(B builder, boolean backgroundRenewal) {
        return builder.renewingInBackground(backgroundRenewal);
    }
}
