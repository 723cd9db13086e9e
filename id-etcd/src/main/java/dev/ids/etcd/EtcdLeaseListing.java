package dev.ids.etcd;

import static dev.ids.etcd.EtcdKeys.bytes;

import dev.ids.node.ListedLease;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The operator's view of a namespace: one range read of every key under {@code <prefix>/<namespace>/}, a consistent
 * snapshot of leases, marks and holders. A held identity is listed with the expiry its holder wrote in the key at its
 * claim or latest renewal ({@link HolderValue}), on the holder's clock: what the key records, the same on every read
 * until the holder renews, as a takeover's judgement needs. (The cluster counts the etcd lease's TTL itself, and lets
 * the identity go only the grace later.)
 *
 * @param store the store it reads
 */
record EtcdLeaseListing(EtcdLeaseStore store) {

    /** Lists every identity of the namespace that has a lease key, a mark or a recorded holder, ascending. */
    List<ListedLease> list(String namespace) throws Exception {
        EtcdKeys keys = store.keys(namespace);
        EtcdLink link = store.link();
        GetResponse read = link.call(link.deadline(), client -> client.getKVClient().get(bytes(keys.root()),
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
            leases.add(entry.getValue().listed(namespace, entry.getKey()));
        }
        return leases;
    }

    /** The keys of one identity as read. */
    private static final class Row {

        private @Nullable KeyValue lease;
        private @Nullable KeyValue mark;
        private @Nullable KeyValue holder;

        void add(String kind, KeyValue kv) {
            switch (kind) {
                case "lease" -> lease = kv;
                case "mark" -> mark = kv;
                default -> holder = kv;
            }
        }

        ListedLease listed(String namespace, long identity) {
            long markMillis = Math.max(0, EtcdLeaseStore.markOf(mark));
            if (lease == null) {
                String latest = holder != null ? EtcdKeys.text(holder.getValue()) : null;
                return new ListedLease(namespace, identity, latest, false, 0, markMillis);
            }
            HolderValue value = HolderValue.decode(EtcdKeys.text(lease.getValue()));
            return new ListedLease(namespace, identity, value.holder(), true, value.expiresAtMillis(), markMillis);
        }
    }
}
