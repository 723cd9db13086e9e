package dev.ids.etcd;

import static dev.ids.etcd.EtcdKeys.bytes;

import dev.ids.clock.IdClock;
import dev.ids.internal.ExceptionMessages;
import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.LeaseTimingSettings;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.grpc.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The etcd lease store: the answers {@link dev.ids.node.StoredNodeLease} asks of a store, each one or two calls to
 * the cluster on the keys of {@link EtcdKeys}. A claim attaches the lease key to an etcd lease whose TTL (the lease
 * length plus the reclaim grace) the cluster counts, in a transaction that creates it only where no key of that name
 * exists ({@link EtcdClaim}); the key's create revision is then the proof every later transaction compares, so a key
 * deleted and created again by anyone else fences this lease. A renewal is one {@code LeaseKeepAlive} (asked once, on
 * the lifecycle's own schedule, never a stream that may stop without a word) and a transaction that finds the key
 * still this lease's and rewrites the expiry in it, answered in the keep-alive's raft term. The mark lives in a key
 * attached to no lease and only moves forward.
 *
 * <p>etcd keeps no wall clock that a client can read, so the skew between this application's clock and the others'
 * is not measured: as for ZooKeeper, a claim that finds no mark allows one mark step for it (docs/LEASES.md, "A
 * record that is lost"). Expiry needs no wall clock at all: the leader counts the TTL on its monotonic clock.
 *
 * @param link how the store reaches the cluster
 * @param prefix the start of every key, before {@code /<namespace>/}
 * @param timings the lease's timings and clock
 * @param logger where the store reports what it gives up on
 */
record EtcdLeaseStore(EtcdLink link, String prefix, LeaseTimingSettings.Timings timings, System.Logger logger)
        implements NodeLeaseStore<EtcdProof> {

    /** How often a mark write reads and tries again when the mark key changed under it. */
    private static final int MARK_ATTEMPTS = 5;

    /** The keys of a namespace. */
    EtcdKeys keys(String namespace) {
        return new EtcdKeys(prefix, namespace);
    }

    /** The clock whose monotonic time counts the deadlines. */
    IdClock clock() {
        return timings.clock();
    }

    /** The lease length: what a claim or renewal grants. */
    Duration leaseLength() {
        return timings.leaseLength();
    }

    /** The TTL every etcd lease is granted: the lease length plus the grace, in whole seconds, rounded up. */
    long ttlSeconds() {
        return (timings.leaseLength().plus(timings.reclaimGrace()).toMillis() + 999) / 1000;
    }

    @Override
    public EtcdClaim startClaim(NodeClaim claim, String holder) throws Exception {
        EtcdKeys keys = keys(claim.namespace());
        GetOption keysOnly = GetOption.builder().isPrefix(true).withKeysOnly(true).build();
        GetResponse read = link.call(link.deadline(), client -> client.getKVClient().get(bytes(keys.leases()),
                keysOnly));
        List<Long> taken = new ArrayList<>();
        for (KeyValue kv : read.getKvs()) {
            EtcdKeys.Parsed parsed = keys.parse(EtcdKeys.text(kv.getKey()));
            if (parsed != null && parsed.identity() >= claim.min() && parsed.identity() <= claim.max()) {
                taken.add(parsed.identity());
            }
        }
        return new EtcdClaim(this, keys, taken.stream().mapToLong(Long::longValue).toArray(), holder);
    }

    /** The condition of every write under a proof: the lease key is still the one the claim created. */
    static Cmp owns(EtcdProof proof) {
        return new Cmp(bytes(proof.leaseKey()), Cmp.Op.EQUAL, CmpTarget.createRevision(proof.createRevision()));
    }

    @Override
    public LeaseGrant renew(EtcdProof proof) throws Exception {
        long deadline = link.deadline();
        String renewed = new HolderValue(proof.holder(), clock().wallTimeMillis() + leaseLength().toMillis()).encode();
        LeaseKeepAliveResponse alive;
        try {
            alive = link.call(deadline, client -> client.getLeaseClient().keepAliveOnce(proof.leaseId()));
        } catch (EtcdCallException e) {
            if (e.isNotFound()) {
                throw new LeaseLostException(expired(proof));
            }
            throw e;
        }
        if (alive.getTTL() <= 0) {
            // An expired lease may be answered with a TTL of 0 rather than an error (etcd-io/jetcd#686).
            throw new LeaseLostException(expired(proof));
        }
        // The check rewrites the key's expiry, so that a reader sees the renewal (a keep-alive changes no key), and,
        // a write, it is committed by its term's leader through a quorum.
        TxnResponse check = link.call(deadline, client -> client.getKVClient().txn().If(owns(proof))
                .Then(Op.put(bytes(proof.leaseKey()), bytes(renewed),
                        PutOption.builder().withLeaseId(proof.leaseId()).build()))
                .Else(Op.get(bytes(proof.leaseKey()), GetOption.DEFAULT)).commit());
        if (!check.isSucceeded()) {
            throw new LeaseLostException(lost(proof, first(check, 0)));
        }
        long keptIn = alive.getHeader().getRaftTerm();
        long checkedIn = check.getHeader().getRaftTerm();
        if (keptIn != checkedIn) {
            // Only the leader of the check's term, which led throughout, is known to have counted the keep-alive: an
            // old leader cut off from the others may still answer keep-alives it cannot make last (etcd-io/etcd#15247).
            throw new EtcdCallException("the keep-alive was answered in raft term " + keptIn + " and the check in "
                    + checkedIn + ": the leader changed between them", Status.Code.ABORTED, null);
        }
        return LeaseGrant.of(leaseLength());
    }

    @Override
    public long writeMark(EtcdProof proof, long epochMillis) throws Exception {
        long deadline = link.deadline();
        String wanted = EtcdMarks.encode(epochMillis);
        // Raised in one step where a well-formed mark below lies there; otherwise read, then replaced as read.
        Cmp below = new Cmp(bytes(proof.markKey()), Cmp.Op.LESS, CmpTarget.value(bytes(wanted)));
        TxnResponse answer = markTxn(deadline, proof, below, wanted);
        for (int attempt = 1; !answer.isSucceeded(); attempt++) {
            if (attempt > MARK_ATTEMPTS) {
                throw new EtcdCallException("the high-water mark key " + proof.markKey() + " changed under each of "
                        + MARK_ATTEMPTS + " writes; is something else writing it?", Status.Code.ABORTED, null);
            }
            KeyValue leaseKey = first(answer, 0);
            if (!ours(leaseKey, proof)) {
                throw new LeaseLostException(lost(proof, leaseKey));
            }
            KeyValue mark = first(answer, 1);
            long stored = mark == null ? -1 : EtcdMarks.decode(EtcdKeys.text(mark.getValue()));
            if (stored >= epochMillis) {
                return stored;
            }
            // No mark yet, or one an operator wrote in another form: replaced only if no one changed it since.
            Cmp unchanged = new Cmp(bytes(proof.markKey()), Cmp.Op.EQUAL,
                    CmpTarget.modRevision(mark == null ? 0 : mark.getModRevision()));
            answer = markTxn(deadline, proof, unchanged, wanted);
        }
        return epochMillis;
    }

    /** Writes the mark if the lease key is the proof's and the mark meets the condition; else reads both. */
    private TxnResponse markTxn(long deadline, EtcdProof proof, Cmp condition, String wanted) throws Exception {
        return link.call(deadline, client -> client.getKVClient().txn().If(owns(proof), condition)
                .Then(Op.put(bytes(proof.markKey()), bytes(wanted), PutOption.DEFAULT))
                .Else(Op.get(bytes(proof.leaseKey()), GetOption.DEFAULT),
                        Op.get(bytes(proof.markKey()), GetOption.DEFAULT))
                .commit());
    }

    @Override
    public long release(EtcdProof proof, long lowerTo) throws Exception {
        long deadline = link.deadline();
        List<Op> then = new ArrayList<>();
        if (lowerTo >= 0) {
            then.add(Op.put(bytes(proof.markKey()), bytes(EtcdMarks.encode(lowerTo)), PutOption.DEFAULT));
        }
        then.add(Op.delete(bytes(proof.leaseKey()), DeleteOption.DEFAULT));
        then.add(Op.get(bytes(proof.markKey()), GetOption.DEFAULT));
        TxnResponse answer = link.call(deadline, client -> client.getKVClient().txn().If(owns(proof))
                .Then(then.toArray(Op[]::new))
                .Else(Op.get(bytes(proof.leaseKey()), GetOption.DEFAULT),
                        Op.get(bytes(proof.markKey()), GetOption.DEFAULT))
                .commit());
        // The etcd lease serves no key of this lease any more: revoked now rather than left to its TTL.
        revokeQuietly(proof.leaseId(), deadline);
        if (answer.isSucceeded()) {
            return markOf(first(answer, 0));
        }
        if (first(answer, 0) != null) {
            return -1; // another holder's key: its mark may still move
        }
        // The key is gone: no write of this lease can change the mark any more, so it is final.
        return markOf(first(answer, 1));
    }

    /** Revokes an etcd lease, giving up quietly: unrevoked, it expires by its TTL. */
    void revokeQuietly(long leaseId, long deadline) {
        try {
            link.call(deadline, client -> client.getLeaseClient().revoke(leaseId));
        } catch (EtcdCallException e) {
            logger.log(System.Logger.Level.DEBUG, () -> "Could not revoke etcd lease " + Long.toHexString(leaseId)
                    + "; it expires by its TTL: " + ExceptionMessages.of(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether a lease key read back is the one the proof's claim created. */
    static boolean ours(@Nullable KeyValue leaseKey, EtcdProof proof) {
        return leaseKey != null && leaseKey.getCreateRevision() == proof.createRevision();
    }

    /** The first key of a transaction's {@code index}th get, or {@code null} when it found none. */
    static @Nullable KeyValue first(TxnResponse answer, int index) {
        List<GetResponse> gets = answer.getGetResponses();
        if (gets.size() <= index || gets.get(index).getKvs().isEmpty()) {
            return null;
        }
        return gets.get(index).getKvs().get(0);
    }

    /** The mark a mark key holds, or -1 for none. */
    static long markOf(@Nullable KeyValue mark) {
        return mark == null ? -1 : EtcdMarks.decode(EtcdKeys.text(mark.getValue()));
    }

    /** Tells why a lease key no longer is the lease's. */
    private String lost(EtcdProof proof, @Nullable KeyValue found) {
        if (found == null) {
            return "its key " + proof.leaseKey() + " is gone: released, deleted (lease keys must never be deleted by "
                    + "hand), or its etcd lease " + Long.toHexString(proof.leaseId()) + " expired or was revoked";
        }
        return "another process holds the identity now (" + HolderValue.decode(EtcdKeys.text(found.getValue())).holder()
                + ")";
    }

    private String expired(EtcdProof proof) {
        return "its etcd lease " + Long.toHexString(proof.leaseId()) + " is gone: the cluster counted its TTL out "
                + "before a renewal reached it, or it was revoked";
    }

    @Override
    public String describe(EtcdProof proof, boolean held, String state) {
        return "EtcdNodeLease[namespace=" + proof.keys().namespace() + ", identity=" + proof.identity()
                + ", holder=" + proof.holder() + ", key=" + proof.leaseKey() + ", etcdLease="
                + Long.toHexString(proof.leaseId()) + ", held=" + held + "]";
    }

    @Override
    public String location() {
        return "in etcd under " + prefix + "/ (" + link.describe() + ")";
    }
}
