package dev.ids.redis;

import dev.ids.node.ListedLease;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The operator's view of a namespace: the identities ever claimed and their latest holders (one hash), then one
 * script that reads each one's lease key, its TTL and its mark. A held identity is listed with the end of its lease
 * on the server's clock, before the grace; a released one with its latest holder and mark.
 *
 * @param store the store it reads
 */
record RedisLeaseListing(RedisLeaseStore store) {

    /** Lists every identity of the namespace ever claimed, ascending. */
    List<ListedLease> list(String namespace) throws Exception {
        NamespaceKeys keys = store.keys(namespace);
        Map<String, String> holders = store.link().call(commands -> commands.hgetall(keys.holders()));
        List<Long> identities = holders.keySet().stream().map(RedisLeaseListing::identity)
                .filter(identity -> identity >= 0).sorted().toList();
        if (identities.isEmpty()) {
            return List.of();
        }
        List<Object> answer = read(keys, identities);
        List<ListedLease> leases = new ArrayList<>(identities.size());
        for (int i = 0; i < identities.size(); i++) {
            long identity = identities.get(i);
            String holder = (String) answer.get(1 + 3 * i);
            long keyExpires = (Long) answer.get(2 + 3 * i);
            long mark = (Long) answer.get(3 + 3 * i);
            boolean held = !holder.isEmpty() && keyExpires >= 0;
            leases.add(new ListedLease(namespace, identity, held ? holder : holders.get(Long.toString(identity)),
                    held, held ? keyExpires - store.graceMillis() : 0, Math.max(0, mark)));
        }
        return leases;
    }

    /** Reads the raw listing of some identities: the server's time, then holder, TTL and mark of each. */
    private List<Object> read(NamespaceKeys keys, List<Long> identities) throws Exception {
        String[] scriptKeys = new String[1 + 2 * identities.size()];
        scriptKeys[0] = keys.holders();
        for (int i = 0; i < identities.size(); i++) {
            scriptKeys[1 + 2 * i] = keys.lease(identities.get(i));
            scriptKeys[2 + 2 * i] = keys.mark(identities.get(i));
        }
        return store.link().script(LeaseScripts.LIST, scriptKeys);
    }

    private static long identity(String field) {
        try {
            return Long.parseLong(field);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
