package dev.ids.autoconfigure.node.memory;

import dev.ids.clock.IdClock;
import dev.ids.node.IdentityTakeOver;
import dev.ids.node.LeaseStart;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.ListedLease;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.StoredNodeLease;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The provider of the memory store: what a store module ships besides its store. Its records outlive their holders,
 * so it takes an identity over from a silent holder ({@link IdentityTakeOver}).
 */
public final class MemoryNodeLeaseProvider implements IdentityTakeOver {

    /** Renewals this often, so that a running holder is seen renewing within the silence. */
    static final Duration RENEWAL_PERIOD = Duration.ofMillis(300);

    static final Duration SILENCE = Duration.ofSeconds(2);

    private final MemoryLeaseStore store;

    private final String holderId = "memory-" + UUID.randomUUID();

    private final AtomicLong leases = new AtomicLong();

    MemoryNodeLeaseProvider(boolean down) {
        this(new MemoryLeaseStore());
        store.down = down;
    }

    /** A provider of a store that other providers (other instances) share. */
    MemoryNodeLeaseProvider(MemoryLeaseStore store) {
        this.store = store;
    }

    @Override
    public NodeLease claim(NodeClaim claim) {
        return call(claim, () -> StoredNodeLease.claim(MemoryNodeLease::new, store, claim, nextHolder(),
                IdClock.system(), RENEWAL_PERIOD));
    }

    @Override
    public Duration silenceBeforeTakeOver() {
        return SILENCE;
    }

    @Override
    public NodeLease takeOver(ListedLease judged, Duration silence) {
        NodeClaim claim = new NodeClaim(judged.namespace(), judged.identity(), judged.identity());
        return call(claim, () -> {
            NodeLeaseStore.Claimed<MemoryLeaseStore.Proof> taken = store.takeOver(judged, silence, nextHolder());
            if (taken == null) {
                throw new NoFreeNodeIdentityException(claim, "the record is no longer as judged");
            }
            return StoredNodeLease.start(MemoryNodeLease::new, store, claim, taken, IdClock.system(),
                    RENEWAL_PERIOD);
        });
    }

    /** The store's lease type: the shared lifecycle, with nothing of its own. */
    static final class MemoryNodeLease extends StoredNodeLease<MemoryLeaseStore.Proof> {

        MemoryNodeLease(LeaseStart<MemoryLeaseStore.Proof> start) {
            super(start);
        }
    }

    private String nextHolder() {
        return holderId + "#" + leases.incrementAndGet();
    }

    private interface StoreCall {
        NodeLease call() throws Exception;
    }

    private static NodeLease call(NodeClaim claim, StoreCall call) {
        try {
            return call.call();
        } catch (IOException ex) {
            throw new LeaseStoreUnreachableException("Could not claim a node identity in namespace '"
                    + claim.namespace() + "' from the memory store: " + ex.getMessage(), ex);
        } catch (RuntimeException ex) {
            throw ex;
        } catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
    }

    @Override
    public String holderId() {
        return holderId;
    }

    @Override
    public List<ListedLease> listLeases(String namespace) {
        return store.list(namespace);
    }
}
