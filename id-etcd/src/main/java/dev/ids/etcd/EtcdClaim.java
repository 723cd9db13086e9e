package dev.ids.etcd;

import static dev.ids.etcd.EtcdKeys.bytes;

import dev.ids.node.LeaseGrant;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.StoreClaim;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.lease.LeaseGrantResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import org.jspecify.annotations.Nullable;

/**
 * One claim on etcd: the identities the range read found with a lease key, and the transaction that takes one. The
 * etcd lease the key will be attached to is granted before the first try and kept for the next while tries lose, so
 * a claim that loses a few races grants one lease, not one per try; it is granted anew once it has aged a third of
 * the lease length, and revoked by {@link #abandon()} when no try won. Used by one thread.
 */
final class EtcdClaim extends StoreClaim<EtcdProof> {

    private final EtcdLeaseStore store;
    private final EtcdKeys keys;
    /** The etcd lease granted for this claim and not yet attached to a key; 0 when none. */
    private long leaseId;
    /** The monotonic time before that lease was asked for: the lease counts from here. */
    private long grantAskedAt;
    /** The wall time then, from which the expiry written in the key is counted. */
    private long grantAskedAtMillis;

    EtcdClaim(EtcdLeaseStore store, EtcdKeys keys, long[] taken, String holder) {
        super(taken, holder);
        this.store = store;
        this.keys = keys;
    }

    /**
     * Creates the identity's lease key, attached to this claim's etcd lease, only where no key of that name exists
     * (its create revision is 0); in the same transaction records the holder and reads the mark, which no write of a
     * former holder can change from then on, as each compares its own key's create revision.
     */
    @Override
    public NodeLeaseStore.@Nullable Claimed<EtcdProof> tryTake(long identity) throws Exception {
        EtcdLink link = store.link();
        long deadline = link.deadline();
        grantIfNeeded(deadline);
        long lease = leaseId;
        String leaseKey = keys.lease(identity);
        String value = new HolderValue(holder(), grantAskedAtMillis + store.leaseLength().toMillis()).encode();
        TxnResponse answer = link.call(deadline, client -> client.getKVClient().txn()
                .If(new Cmp(bytes(leaseKey), Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
                .Then(Op.put(bytes(leaseKey), bytes(value), PutOption.builder().withLeaseId(lease).build()),
                        Op.put(bytes(keys.holder(identity)), bytes(holder()), PutOption.DEFAULT),
                        Op.get(bytes(keys.mark(identity)), GetOption.DEFAULT))
                .commit());
        if (!answer.isSucceeded()) {
            return null;
        }
        leaseId = 0; // attached: released with the lease from now on
        // Every key a transaction writes gets the transaction's revision, the header's.
        EtcdProof proof = new EtcdProof(keys, identity, holder(), lease, answer.getHeader().getRevision());
        long mark = EtcdLeaseStore.markOf(EtcdLeaseStore.first(answer, 0));
        return new NodeLeaseStore.Claimed<>(proof, identity, grantAskedAt, Math.max(0, mark),
                LeaseGrant.of(store.leaseLength()));
    }

    /** Grants the claim's etcd lease, unless one granted recently is at hand. */
    private void grantIfNeeded(long deadline) throws Exception {
        long now = store.clock().monotonicNanos();
        long wall = store.clock().wallTimeMillis();
        if (leaseId != 0 && now - grantAskedAt < store.leaseLength().toNanos() / 3) {
            return;
        }
        abandon();
        long ttl = store.ttlSeconds();
        LeaseGrantResponse granted = store.link().call(deadline, client -> client.getLeaseClient().grant(ttl));
        if (granted.getTTL() < ttl) {
            store.revokeQuietly(granted.getID(), deadline);
            throw new IllegalStateException("etcd granted a lease of " + granted.getTTL() + " s where " + ttl
                    + " s were asked for; a shorter TTL would let another process take an identity its holder still"
                    + " holds");
        }
        leaseId = granted.getID();
        grantAskedAt = now;
        grantAskedAtMillis = wall;
    }

    /** Revokes the etcd lease granted for tries that all lost, if any. */
    @Override
    public void abandon() {
        if (leaseId != 0) {
            store.revokeQuietly(leaseId, store.link().deadline());
            leaseId = 0;
        }
    }

    @Override
    public String describeTaken() {
        return "keys " + keys.leases() + "<identity> on " + store.link().describe();
    }
}
