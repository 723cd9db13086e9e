package dev.ids.autoconfigure.node.memory;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseListing;
import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.ListedLease;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.StoredNodeLease;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/** The provider of the memory store: what a store module ships besides its store. */
public final class MemoryNodeLeaseProvider implements NodeLeaseProvider, LeaseListing {

    private final MemoryLeaseStore store = new MemoryLeaseStore();

    private final String holderId = "memory-" + UUID.randomUUID();

    private final AtomicLong leases = new AtomicLong();

    MemoryNodeLeaseProvider(boolean down) {
        store.down = down;
    }

    @Override
    public NodeLease claim(NodeClaim claim) {
        try {
            return StoredNodeLease.claim(store, claim, holderId + "#" + leases.incrementAndGet(), IdClock.system(),
                    Duration.ofSeconds(10));
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
