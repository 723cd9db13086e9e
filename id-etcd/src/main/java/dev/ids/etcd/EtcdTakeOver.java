package dev.ids.etcd;

import static dev.ids.etcd.EtcdKeys.bytes;

import dev.ids.node.ListedLease;
import dev.ids.node.NodeLeaseStore;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.lease.LeaseTimeToLiveResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.LeaseOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Takes one identity over from a holder judged silent ({@link dev.ids.node.IdentityTakeOver}): only while its lease
 * key is as judged (the same holder and the expiry it wrote), and only once the cluster says the holder's etcd lease
 * went without a keep-alive for the silence. etcd tells that in whole seconds (the TTL granted less the seconds left,
 * rounded down), so a second is allowed for the rounding, and the takeover waits up to {@link #SETTLE} for the count
 * to reach the silence while the key stays as judged. Then the key is deleted by a transaction on its mod revision as
 * read, which fails if the holder renewed since (each renewal rewrites the key), and created again for the new holder
 * by an ordinary claim of the one identity, which another claimant may win.
 *
 * @param store the store it reads and writes
 */
record EtcdTakeOver(EtcdLeaseStore store) {

    /** How long the takeover waits for the cluster's count of the silence, read in whole seconds, to catch up. */
    static final Duration SETTLE = Duration.ofSeconds(3);

    private static final long POLL_MILLIS = 250;

    /**
     * Takes the identity as the class description says.
     *
     * @return the identity taken, or {@code null} when the key is no longer as judged, its holder renewed within the
     *     silence, or another claimant took it
     */
    NodeLeaseStore.@Nullable Claimed<EtcdProof> take(ListedLease judged, Duration silence, String holder)
            throws Exception {
        EtcdKeys keys = store.keys(judged.namespace());
        String key = keys.lease(judged.identity());
        long giveUp = System.nanoTime() + SETTLE.toNanos();
        while (true) {
            KeyValue found = read(key);
            if (found == null || !asJudged(found, judged)) {
                return null;
            }
            if (silence.isZero() || silentMillis(found.getLease()) >= silence.toMillis()) {
                return deleteAndClaim(keys, found, judged.identity(), holder);
            }
            if (System.nanoTime() > giveUp) {
                return null;
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
    }

    private @Nullable KeyValue read(String key) throws Exception {
        EtcdLink link = store.link();
        List<KeyValue> kvs = link.call(link.deadline(), client -> client.getKVClient().get(bytes(key),
                GetOption.DEFAULT)).getKvs();
        return kvs.isEmpty() ? null : kvs.get(0);
    }

    private static boolean asJudged(KeyValue found, ListedLease judged) {
        HolderValue value = HolderValue.decode(EtcdKeys.text(found.getValue()));
        return value.holder().equals(judged.holder()) && value.expiresAtMillis() == judged.expiresAtMillis();
    }

    /**
     * How long, at least, the etcd lease has gone without a keep-alive, as the cluster counts it: the TTL granted
     * less the whole seconds left, less a second for the rounding; unbounded for a key of no etcd lease, or of one
     * that is gone.
     */
    private long silentMillis(long leaseId) throws Exception {
        if (leaseId == 0) {
            return Long.MAX_VALUE;
        }
        EtcdLink link = store.link();
        LeaseTimeToLiveResponse left = link.call(link.deadline(),
                client -> client.getLeaseClient().timeToLive(leaseId, LeaseOption.DEFAULT));
        if (left.getTTL() < 0) {
            return Long.MAX_VALUE;
        }
        return (left.getGrantedTTL() - left.getTTL() - 1) * 1000;
    }

    private NodeLeaseStore.@Nullable Claimed<EtcdProof> deleteAndClaim(EtcdKeys keys, KeyValue found, long identity,
            String holder) throws Exception {
        EtcdLink link = store.link();
        long deadline = link.deadline();
        TxnResponse deleted = link.call(deadline, client -> client.getKVClient().txn()
                .If(new Cmp(found.getKey(), Cmp.Op.EQUAL, CmpTarget.modRevision(found.getModRevision())))
                .Then(Op.delete(found.getKey(), DeleteOption.DEFAULT)).commit());
        if (!deleted.isSucceeded()) {
            return null;
        }
        if (found.getLease() != 0) {
            store.revokeQuietly(found.getLease(), deadline); // it served that key only
        }
        EtcdClaim claim = new EtcdClaim(store, keys, new long[0], holder);
        try {
            return claim.tryTake(identity);
        } finally {
            claim.abandon();
        }
    }
}
