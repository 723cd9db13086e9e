package dev.ids.redis;

import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.LeaseTimingSettings;
import dev.ids.node.ListedLease;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.StoreClaim;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The Redis lease store: the answers {@link dev.ids.node.StoredNodeLease} asks of a store, each one Lua script
 * ({@link LeaseScripts}) on the keys of {@link NamespaceKeys}. A claim is a {@code SET NX PX} of the lease key, whose
 * TTL (the lease length plus the reclaim grace) the server counts; renewals, mark writes and releases compare the
 * lease key with the lease's holder value first; the mark lives in a key without expiry. Each claim and renewal reads
 * the server's {@code TIME} to measure the clock skew, and the lease is fenced while it exceeds the grace. When the
 * provider waits for replicas, every write is followed by {@code WAIT}, and a write fewer replicas confirmed counts as
 * one the server did not answer.
 *
 * @param link how the store reaches the server
 * @param prefix the start of every key
 * @param timings the lease's timings and clock
 * @param replicaWait the wait for replicas after each write
 * @param logger where the store reports what it gives up on
 */
record RedisLeaseStore(RedisLink link, String prefix, LeaseTimingSettings.Timings timings, ReplicaWait replicaWait,
        System.Logger logger) implements NodeLeaseStore<RedisProof> {

    /** The keys of a namespace. */
    NamespaceKeys keys(String namespace) {
        return new NamespaceKeys(prefix, namespace);
    }

    /** The reclaim grace: how long a lease key outlives the end of its lease. */
    long graceMillis() {
        return timings.reclaimGrace().toMillis();
    }

    /** The TTL of a lease key: the lease, then the grace during which no one else may take the identity. */
    private String ttlMillis() {
        return Long.toString(timings.leaseLength().toMillis() + graceMillis());
    }

    @Override
    public Claiming<RedisProof> startClaim(NodeClaim claim, String holder) throws Exception {
        NamespaceKeys keys = keys(claim.namespace());
        return StoreClaim.of(taken(keys, claim), holder, identity -> take(keys, identity, holder),
                () -> "keys " + keys.tag() + ":lease:<identity> on " + link.describe());
    }

    /** The identities of the claim's range whose lease key exists: held, or expired less than the grace ago. */
    private long[] taken(NamespaceKeys keys, NodeClaim claim) throws Exception {
        List<Object> answer = link.script(LeaseScripts.TAKEN, new String[] {keys.holders()}, keys.tag() + ":lease:",
                Long.toString(claim.min()), Long.toString(claim.max()));
        long[] taken = new long[answer.size()];
        for (int i = 0; i < taken.length; i++) {
            taken[i] = (Long) answer.get(i);
        }
        return taken;
    }

    private @Nullable Claimed<RedisProof> take(NamespaceKeys keys, long identity, String holder) throws Exception {
        return taken(keys, identity, holder, LeaseScripts.CLAIM, holder, Long.toString(identity), ttlMillis());
    }

    /**
     * Takes an identity from the holder judged silent, in one script conditional on its key as listed (the same
     * holder value and expiry) and on no renewal for the silence; {@code null} when the key is no longer so.
     */
    @Nullable Claimed<RedisProof> takeOver(ListedLease judged, Duration silence, String holder) throws Exception {
        NamespaceKeys keys = keys(judged.namespace());
        String judgedHolder = Objects.requireNonNull(judged.holder(),
                "the judged record names no holder to take over from");
        return taken(keys, judged.identity(), holder, LeaseScripts.TAKE_OVER, judgedHolder,
                Long.toString(judged.expiresAtMillis() + graceMillis()), Long.toString(silence.toMillis()), ttlMillis(),
                holder, Long.toString(judged.identity()));
    }

    private @Nullable Claimed<RedisProof> taken(NamespaceKeys keys, long identity, String holder, String script,
            String... arguments) throws Exception {
        long askedAt = timings.clock().monotonicNanos();
        long before = timings.clock().wallTimeMillis();
        List<Object> answer = link.script(script, keys.of(identity), arguments);
        long after = timings.clock().wallTimeMillis();
        if (number(answer, 0) == 0) {
            return null;
        }
        RedisProof proof = new RedisProof(keys, identity, holder);
        replicaWait.confirm("the claim of " + describe(proof));
        long mark = number(answer, 1);
        long skew = before + (after - before) / 2 - number(answer, 2);
        return new Claimed<>(proof, identity, askedAt, Math.max(0, mark), grant(skew));
    }

    private LeaseGrant grant(long skewMillis) {
        return new LeaseGrant(timings.leaseLength().toNanos(), skewMillis);
    }

    @Override
    public LeaseGrant renew(RedisProof proof) throws Exception {
        long before = timings.clock().wallTimeMillis();
        List<Object> answer = link.script(LeaseScripts.RENEW, proof.scriptKeys(), proof.holder(), ttlMillis());
        long after = timings.clock().wallTimeMillis();
        if (number(answer, 0) == 0) {
            throw new LeaseLostException(lost(proof, (String) answer.get(2)));
        }
        replicaWait.confirm("the renewal of " + describe(proof));
        return grant(before + (after - before) / 2 - number(answer, 1));
    }

    @Override
    public long writeMark(RedisProof proof, long epochMillis) throws Exception {
        List<Object> answer = link.script(LeaseScripts.MARK, proof.scriptKeys(), proof.holder(),
                Long.toString(epochMillis));
        if (number(answer, 0) == 0) {
            throw new LeaseLostException(lost(proof, (String) answer.get(2)));
        }
        replicaWait.confirm("the high-water mark write of " + describe(proof));
        return number(answer, 1);
    }

    @Override
    public long release(RedisProof proof, long lowerTo) throws Exception {
        List<Object> answer = link.script(LeaseScripts.RELEASE, proof.scriptKeys(), proof.holder(),
                Long.toString(lowerTo));
        if (number(answer, 0) == 1) {
            replicaWait.confirm("the release of " + describe(proof));
        }
        return number(answer, 1);
    }

    /** Tells why a lease key no longer names its lease. */
    private String lost(RedisProof proof, String found) {
        if (found == null || found.isEmpty()) {
            return "its key " + proof.keys().lease(proof.identity()) + " is gone: expired, released, deleted (lease"
                    + " keys must never be deleted by hand), or lost by a server that acknowledged the write before"
                    + " making it durable";
        }
        return "another process holds the identity now (" + found + ")";
    }

    private static long number(List<Object> answer, int index) {
        Object value = answer.get(index);
        if (value instanceof Long number) {
            return number;
        }
        throw new IllegalStateException("Unexpected answer from the Redis lease script: " + answer);
    }

    @Override
    public String describe(RedisProof proof, boolean held, String state) {
        return "RedisNodeLease[namespace=" + proof.keys().namespace() + ", identity=" + proof.identity()
                + ", holder=" + proof.holder() + ", key=" + proof.keys().lease(proof.identity()) + ", held=" + held
                + "]";
    }

    private String describe(RedisProof proof) {
        return "node identity " + proof.identity() + " in namespace '" + proof.keys().namespace() + "'";
    }

    @Override
    public String location() {
        return "in Redis under " + prefix + " (" + link.describe() + ")";
    }

    @Override
    public long skewToleranceMillis() {
        return graceMillis();
    }

    @Override
    public String clockName() {
        return "the Redis server's";
    }
}
