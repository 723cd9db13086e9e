package dev.ids.autoconfigure.node.memory;

import dev.ids.node.LeaseGrant;
import dev.ids.node.LeaseLostException;
import dev.ids.node.ListedLease;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A lease store kept in this JVM's memory, for the test of the store seam: one record per identity with its holder,
 * whether it is released and its mark. Every record starts with a mark an hour back, as a store would after earlier
 * runs, so that a claim does not wait for the floor of a store that lost its records.
 */
final class MemoryLeaseStore implements NodeLeaseStore<MemoryLeaseStore.Proof> {

    static final Duration LEASE = Duration.ofSeconds(30);

    /** The proof of a lease: the identity and the holder value written with it. */
    record Proof(String namespace, long identity, String holder) {
    }

    private static final class Row {
        String holder;
        boolean released;
        long mark;
        /** When the lease expires unless renewed, on this JVM's wall clock: a store records it, it is not counted. */
        long expiresAt;
    }

    private final Map<String, Map<Long, Row>> namespaces = new TreeMap<>();

    private final long initialMark = System.currentTimeMillis() - Duration.ofHours(1).toMillis();

    volatile boolean down;

    private Map<Long, Row> rows(String namespace) {
        return namespaces.computeIfAbsent(namespace, key -> new TreeMap<>());
    }

    @Override
    public synchronized Claiming<Proof> startClaim(NodeClaim claim, String holder) throws IOException {
        reachable();
        long[] taken = rows(claim.namespace()).entrySet().stream().filter(entry -> !entry.getValue().released)
                .mapToLong(Map.Entry::getKey).toArray();
        return new Claiming<>() {
            @Override
            public long[] taken() {
                return taken;
            }

            @Override
            public Claimed<Proof> tryTake(long identity) {
                synchronized (MemoryLeaseStore.this) {
                    long asked = System.nanoTime();
                    Row row = rows(claim.namespace()).get(identity);
                    if (row != null && !row.released) {
                        return null;
                    }
                    if (row == null) {
                        row = new Row();
                        row.mark = initialMark;
                        rows(claim.namespace()).put(identity, row);
                    }
                    row.holder = holder;
                    row.released = false;
                    row.expiresAt = System.currentTimeMillis() + LEASE.toMillis();
                    return new Claimed<>(new Proof(claim.namespace(), identity, holder), identity, asked, row.mark,
                            LeaseGrant.of(LEASE));
                }
            }

            @Override
            public String describeTaken() {
                return taken.length + " identities held in memory";
            }
        };
    }

    private void reachable() throws IOException {
        if (down) {
            throw new IOException("the memory store is down");
        }
    }

    private Row ours(Proof proof) throws IOException, LeaseLostException {
        reachable();
        Row row = rows(proof.namespace()).get(proof.identity());
        if (row == null || !proof.holder().equals(row.holder) || row.released) {
            throw new LeaseLostException("another holder has the identity, or it was released");
        }
        return row;
    }

    @Override
    public synchronized LeaseGrant renew(Proof proof) throws Exception {
        ours(proof).expiresAt = System.currentTimeMillis() + LEASE.toMillis();
        return LeaseGrant.of(LEASE);
    }

    @Override
    public synchronized long writeMark(Proof proof, long epochMillis) throws Exception {
        Row row = ours(proof);
        row.mark = Math.max(row.mark, epochMillis);
        return row.mark;
    }

    @Override
    public synchronized long release(Proof proof, long lowerTo) throws Exception {
        reachable();
        Row row = rows(proof.namespace()).get(proof.identity());
        if (row == null || !proof.holder().equals(row.holder)) {
            return -1;
        }
        if (lowerTo >= 0) {
            row.mark = lowerTo;
        }
        row.released = true;
        row.expiresAt = 0;
        return row.mark;
    }

    @Override
    public String describe(Proof proof, boolean held, String state) {
        return "MemoryLease[" + proof.identity() + ", " + proof.holder() + ", held=" + held + ", " + state + "]";
    }

    @Override
    public String location() {
        return "the memory store";
    }

    synchronized List<ListedLease> list(String namespace) {
        return rows(namespace).entrySet().stream().map(entry -> new ListedLease(namespace, entry.getKey(),
                entry.getValue().holder, !entry.getValue().released, entry.getValue().expiresAt,
                entry.getValue().mark)).toList();
    }

    /**
     * Takes an identity from the holder judged, only while its record is as listed and it has not renewed for the
     * silence: the conditional write an {@link dev.ids.node.IdentityTakeOver} store makes.
     */
    synchronized Claimed<Proof> takeOver(ListedLease judged, Duration silence, String holder) throws IOException {
        reachable();
        long asked = System.nanoTime();
        Row row = rows(judged.namespace()).get(judged.identity());
        boolean asJudged = row != null && !row.released && row.holder.equals(judged.holder())
                && row.expiresAt == judged.expiresAtMillis() && row.mark == judged.highWaterMarkMillis();
        if (!asJudged || row.expiresAt - LEASE.toMillis() > System.currentTimeMillis() - silence.toMillis()) {
            return null;
        }
        row.holder = holder;
        row.expiresAt = System.currentTimeMillis() + LEASE.toMillis();
        return new Claimed<>(new Proof(judged.namespace(), judged.identity(), holder), judged.identity(), asked,
                row.mark, LeaseGrant.of(LEASE));
    }

    /** Records an identity as held by a holder that then never renews: a run killed without releasing it. */
    synchronized void heldBySilentHolder(String namespace, long identity, String holder) {
        Row row = new Row();
        row.holder = holder;
        row.mark = initialMark;
        row.expiresAt = System.currentTimeMillis() + LEASE.toMillis();
        rows(namespace).put(identity, row);
    }
}
