package dev.ids.etcd;

import static dev.ids.etcd.EtcdKeys.bytes;

import dev.ids.node.ListedLease;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.LeaseOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The operator's view of a namespace: one range read of every key under {@code <prefix>/<namespace>/} (a consistent
 * snapshot of leases, marks and holders), then the time each held identity's etcd lease has left. etcd counts a
 * lease's TTL on its leader's monotonic clock and shows only the seconds left, so the expiry listed is this
 * application's clock plus that, less the grace: an estimate within a second or so, which moves from read to read.
 */
final class EtcdLeaseListing {

    private final EtcdLeaseStore store;
    private final Duration grace;

    EtcdLeaseListing(EtcdLeaseStore store, Duration grace) {
        this.store = store;
        this.grace = grace;
    }

    /** Lists every identity of the namespace that has a lease key, a mark or a recorded holder, ascending. */
    List<ListedLease> list(String namespace) throws Exception {
        EtcdKeys keys = store.keys(namespace);
        EtcdLink link = store.link();
        long deadline = link.deadline();
        GetResponse read = link.call(deadline, client -> client.getKVClient().get(bytes(keys.root()),
                GetOption.builder().isPrefix(true).build()));
        Map<Long, Row> rows = new TreeMap<>();
        for (KeyValue kv : read.getKvs()) {
            EtcdKeys.Parsed parsed = keys.parse(EtcdKeys.text(kv.getKey()));
            if (parsed != null) {
                rows.computeIfAbsent(parsed.identity(), identity -> new Row()).add(parsed.kind(), kv);
            }
        }
        List<ListedLease> leases = new ArrayList<>(rows.size());
        for (Map.Entry<Long, Row> entry : rows.entrySet()) {
            leases.add(entry.getValue().listed(namespace, entry.getKey(), deadline));
        }
        return leases;
    }

    /** The keys of one identity as read. */
    private final class Row {

        private KeyValue lease;
        private KeyValue mark;
        private KeyValue holder;

        void add(String kind, KeyValue kv) {
            switch (kind) {
                case "lease" -> lease = kv;
                case "mark" -> mark = kv;
                default -> holder = kv;
            }
        }

        ListedLease listed(String namespace, long identity, long deadline) throws Exception {
            long markMillis = Math.max(0, EtcdLeaseStore.markOf(mark));
            if (lease == null) {
                String latest = holder != null ? EtcdKeys.text(holder.getValue()) : null;
                return new ListedLease(namespace, identity, latest, false, 0, markMillis);
            }
            long leaseId = lease.getLease();
            long secondsLeft = leaseId == 0 ? -1 : store.link().call(deadline,
                    client -> client.getLeaseClient().timeToLive(leaseId, LeaseOption.DEFAULT)).getTTL();
            long expires = secondsLeft < 0 ? 0
                    : store.clock().wallTimeMillis() + secondsLeft * 1000 - grace.toMillis();
            return new ListedLease(namespace, identity, EtcdKeys.text(lease.getValue()), true, expires, markMillis);
        }
    }
}
