package dev.ids.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The shared lease lifecycle over a store written in a few dozen lines, as a store author would write one: an
 * in-memory map of records, both as a store whose records expire by time and as a session store.
 */
class StoredNodeLeaseTest {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final NodeClaim CLAIM = new NodeClaim("memory", 0, 3);

    private final ManualClock clock = ManualClock.atEpochMillis(1_750_000_000_000L);
    /** A time for marks: a minute after the clock's start, beyond where a lease without a stored mark starts. */
    private static final long MARK = 1_750_000_060_000L;

    /** The proof: the record's key and the holder value written into it. */
    record Proof(long identity, String holder) {
    }

    /** A record of the store; released records keep their mark. */
    static final class Row {
        String holder;
        boolean released;
        long mark;

        Row(String holder, boolean released, long mark) {
            this.holder = holder;
            this.released = released;
            this.mark = mark;
        }
    }

    /** An in-memory store; {@code session} makes ownership last until the session ends instead of by time. */
    static final class MemoryStore implements NodeLeaseStore<Proof> {

        final Map<Long, Row> rows = new TreeMap<>();
        final boolean session;
        volatile boolean down;
        volatile String renewingThread;
        volatile long epoch;
        NodeLeaseStore.Provable attached;
        /** What the lease logged at INFO and above, as "LEVEL message". */
        final List<String> logged = new CopyOnWriteArrayList<>();
        private final ManualClock clock;

        @Override
        public System.Logger logger() {
            return new System.Logger() {
                @Override
                public String getName() {
                    return "memory";
                }

                @Override
                public boolean isLoggable(Level level) {
                    return level.getSeverity() >= Level.INFO.getSeverity();
                }

                @Override
                public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
                    if (isLoggable(level)) {
                        logged.add(level + " " + message);
                    }
                }

                @Override
                public void log(Level level, ResourceBundle bundle, String format, Object... params) {
                    if (isLoggable(level)) {
                        logged.add(level + " " + java.text.MessageFormat.format(format, params));
                    }
                }
            };
        }

        MemoryStore(ManualClock clock, boolean session) {
            this.clock = clock;
            this.session = session;
        }

        @Override
        public synchronized Claiming<Proof> startClaim(NodeClaim claim, String holder) {
            long[] taken = rows.entrySet().stream().filter(e -> !e.getValue().released).mapToLong(Map.Entry::getKey)
                    .toArray();
            return new Claiming<>() {
                @Override
                public long[] taken() {
                    return taken;
                }

                @Override
                public Claimed<Proof> tryTake(long identity) {
                    synchronized (MemoryStore.this) {
                        long asked = clock.monotonicNanos();
                        Row row = rows.get(identity);
                        if (row != null && !row.released) {
                            return null;
                        }
                        long mark = row == null ? 0 : row.mark;
                        rows.put(identity, new Row(holder, false, mark));
                        return new Claimed<>(new Proof(identity, holder), identity, asked, mark, LeaseGrant.of(LEASE));
                    }
                }

                @Override
                public String describeTaken() {
                    return "the memory store has " + taken.length + " records";
                }
            };
        }

        private Row ours(Proof proof) throws IOException, LeaseLostException {
            if (down) {
                throw new IOException("store down");
            }
            Row row = rows.get(proof.identity());
            if (!proof.holder().equals(row.holder)) {
                throw new LeaseLostException("another process holds the identity now");
            }
            if (row.released) {
                throw new LeaseLostException("its record was released");
            }
            return row;
        }

        @Override
        public synchronized LeaseGrant renew(Proof proof) throws Exception {
            renewingThread = Thread.currentThread().getName();
            ours(proof);
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
            if (down) {
                throw new IOException("store down");
            }
            Row row = rows.get(proof.identity());
            if (!proof.holder().equals(row.holder)) {
                return -1;
            }
            if (lowerTo >= 0) {
                row.mark = lowerTo;
            }
            row.released = true;
            return row.mark;
        }

        @Override
        public String describe(Proof proof, boolean held, String state) {
            return "MemoryLease[" + proof.identity() + ", " + proof.holder() + ", held=" + held + ", " + state + "]";
        }

        @Override
        public String location() {
            return "in memory";
        }

        @Override
        public boolean deadlineEndsLease() {
            return !session;
        }

        @Override
        public long fenceEpoch() {
            return epoch;
        }

        @Override
        public void attach(Proof proof, Provable lease) {
            attached = lease;
        }

        @Override
        public String notHeldMessage(NodeClaim claim, long identity, String lease, String action, String reason) {
            return session ? "Cannot advance the high-water mark of " + lease + ": the lease is not held (" + reason
                    + ")" : NodeLeaseStore.super.notHeldMessage(claim, identity, lease, action, reason);
        }
    }

    /** The store's lease type: the lifecycle, with nothing of its own. */
    static final class MemoryLease extends StoredNodeLease<Proof> {

        MemoryLease(LeaseStart<Proof> start) {
            super(start);
        }
    }

    private StoredNodeLease<Proof> claim(MemoryStore store, String holder) throws Exception {
        return StoredNodeLease.claim(MemoryLease::new, store, CLAIM, holder, clock, null);
    }

    @Test
    void aClaimTakesTheLowestFreeIdentityAndStartsFromItsStoredMark() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        store.rows.put(0L, new Row("other#1", false, 100));
        store.rows.put(1L, new Row("gone#1", true, 500));

        StoredNodeLease<Proof> lease = claim(store, "me#1");

        assertThat(lease.identity()).isOne();
        assertThat(lease.highWaterMarkMillis()).isEqualTo(500);
        assertThat(lease.isHeld()).isTrue();
        assertThat(lease.remaining()).isEqualTo(LEASE);
        assertThat(lease).hasToString("MemoryLease[1, me#1, held=true, active]");
    }

    @Test
    void aFullRangeIsRefusedWithTheStoresDescription() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        for (long identity = 0; identity <= 3; identity++) {
            store.rows.put(identity, new Row("other#" + identity, false, 0));
        }
        assertThatThrownBy(() -> claim(store, "me#1")).isInstanceOf(NoFreeNodeIdentityException.class)
                .hasMessageContaining("all of 0 to 3 are held").hasMessageContaining("the memory store has 4 records");
    }

    @Test
    void aRenewalMovesTheDeadlineToItsStartPlusTheLeaseAndOneAfterTheDeadlineCannotReviveIt() throws Exception {
        StoredNodeLease<Proof> lease = claim(new MemoryStore(clock, false), "me#1");
        clock.advance(Duration.ofSeconds(10));
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        clock.advance(Duration.ofSeconds(29));
        assertThat(lease.isHeld()).as("39 s after the claim, 29 s after the renewal").isTrue();
        clock.advance(Duration.ofSeconds(1));
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isEnded()).isTrue();
        assertThatThrownBy(() -> lease.advanceHighWaterMark(clock.instant().toEpochMilli() + 60_000))
                .hasMessageContaining("no longer held (not renewed before its deadline)");
    }

    /**
     * Issue 33 (3), for a store that does not compare clocks (as ZooKeeper): a claim that finds no mark starts beyond
     * any mark a former holder whose record vanished could have written, one step past a clock up to a step ahead.
     */
    @Test
    void aClaimThatFindsNoMarkStartsBeyondAnyMarkAFormerHolderCouldHaveWrittenAndSaysSo() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        long formerHoldersClock = clock.wallTimeMillis() + LeaseFence.STEP_MILLIS;
        long formerHoldersLastMark = formerHoldersClock + LeaseFence.STEP_MILLIS;

        StoredNodeLease<Proof> lease = claim(store, "me#1");

        assertThat(lease.highWaterMarkMillis()).isGreaterThanOrEqualTo(formerHoldersLastMark);
        assertThat(store.rows.get(0L).mark).as("recorded for the claims after this one")
                .isEqualTo(lease.highWaterMarkMillis());
        assertThat(store.logged).singleElement().asString().startsWith("INFO ")
                .contains("found no high-water mark in the store")
                .contains("starts from " + Instant.ofEpochMilli(lease.highWaterMarkMillis()));
    }

    @Test
    void aDeadlineFirstSeenPassedByAReaderIsLoggedAndCountedOnceWhenTheRenewalComesBack() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        store.logged.clear(); // the claim's line about the mark it starts from
        // The renewal waits for the store (a pooled connection) past the deadline; a generator's isHeld() sees the
        // deadline pass meanwhile, which ends the lease without a word on the generating thread.
        clock.advance(LEASE.plusSeconds(1));
        assertThat(lease.isHeld()).isFalse();
        assertThat(store.logged).isEmpty();

        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        lease.close();

        assertThat(store.logged).singleElement().asString().startsWith("WARNING Lost ")
                .contains("not renewed before its deadline");
        assertThat(lease.renewalFailureCount()).isEqualTo(1);
    }

    @Test
    void aFailedRenewalKeepsTheLeaseUntilItsDeadlineAndAnAnswerThatItIsNotOursEndsItAtOnce() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        store.down = true;
        assertThat(lease.renew()).isEqualTo(Renewal.FAILED);
        assertThat(lease.isHeld()).isTrue();

        store.down = false;
        store.rows.get(0L).holder = "thief#1";
        assertThat(lease.renew()).isEqualTo(Renewal.LOST);
        assertThat(lease.isEnded()).isTrue();
        assertThat(lease.renewalCount()).isZero();
        assertThat(lease.renewalFailureCount()).isEqualTo(2);
        assertThatThrownBy(() -> lease.advanceHighWaterMark(clock.instant().toEpochMilli() + 60_000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no longer held (another process holds the identity now)")
                .hasMessageContaining("claim a node identity again");
    }

    @Test
    void aMarkWriteTheStoreCannotAnswerFailsToItsCallerNamingTheStoreAndTheMarkToKeepTo() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        lease.advanceHighWaterMark(MARK + 2_000);
        store.down = true;
        assertThatThrownBy(() -> lease.advanceHighWaterMark(MARK + 3_000)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("to " + Instant.ofEpochMilli(MARK + 3_000) + " in memory: store down; do not "
                        + "issue IDs beyond " + Instant.ofEpochMilli(MARK + 2_000));
        assertThat(lease.isHeld()).isTrue();
        assertThat(lease.highWaterMarkMillis()).isEqualTo(MARK + 2_000);
    }

    @Test
    void closeLowersTheMarkToWhatWasIssuedButNotBelowTheStartAndReportsTheMarkReadBack() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        store.rows.put(0L, new Row("gone#1", true, 1_000));
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        lease.advanceHighWaterMark(MARK + 5_000);
        lease.lowerMarkOnClose(() -> 500);

        lease.close();

        assertThat(store.rows.get(0L).released).isTrue();
        assertThat(store.rows.get(0L).mark).as("never below the mark the lease started from").isEqualTo(1_000);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(1_000);
        assertThat(lease.lossReason()).isEqualTo("closed");
        assertThat(lease.isEnded()).isTrue();
    }

    @Test
    void closeNeverRaisesTheMarkAboveTheOneWrittenWhateverTheGeneratorAnswers() throws Exception {
        // The generator answers the latest time a call asked it to cover, refused calls included (a clock stepped
        // an hour ahead while the lease was fenced): no ID can have been issued beyond the written mark, so the
        // release keeps that mark instead of burning the identity for the next holder until the clock gets there.
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        lease.advanceHighWaterMark(MARK + 5_000);
        lease.lowerMarkOnClose(() -> MARK + 3_600_000);

        lease.close();

        assertThat(store.rows.get(0L).released).isTrue();
        assertThat(store.rows.get(0L).mark).isEqualTo(MARK + 5_000);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(MARK + 5_000);
    }

    @Test
    void closeAfterTheLeaseLapsedAsksTheGeneratorToStopButKeepsTheMark() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        lease.advanceHighWaterMark(MARK + 5_000);
        AtomicInteger asked = new AtomicInteger();
        lease.lowerMarkOnClose(() -> {
            asked.incrementAndGet();
            return 500;
        });
        clock.advance(LEASE.plusSeconds(1)); // not renewed: another process may claim the identity and write marks
        assertThat(lease.isHeld()).isFalse();

        lease.close();

        assertThat(asked).as("the generator stops, and lets its threads go, either way").hasValue(1);
        assertThat(store.rows.get(0L).mark).as("not lowered: the record may be another holder's by now")
                .isEqualTo(MARK + 5_000);
    }

    @Test
    void aReleaseThatFailsIsTriedAgainByTheNextClose() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        store.down = true;
        lease.close();
        assertThat(store.rows.get(0L).released).isFalse();
        store.down = false;
        lease.close();
        assertThat(store.rows.get(0L).released).isTrue();
    }

    /** A re-claim closes a lapsed lease to release its row: the lease still says why it was lost, not "closed". */
    @Test
    void aLeaseClosedAfterItLapsedKeepsSayingWhyItWasLost() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        clock.advance(LEASE.plusSeconds(1));
        assertThat(lease.notHeldReason()).isEqualTo("not renewed before its deadline");

        lease.close();

        assertThat(lease.notHeldReason()).isEqualTo("not renewed before its deadline");
        StoredNodeLease<Proof> orderly = claim(store, "me#2");
        orderly.close();
        assertThat(orderly.notHeldReason()).as("closed while held").isEqualTo("closed");
    }

    /** A renewal is retried every few seconds through an outage: warned about once, its recovery told once. */
    @Test
    void renewalsThatKeepFailingDuringAnOutageAreWarnedAboutOnceUntilOneSucceeds() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        store.down = true;
        for (int attempt = 0; attempt < 4; attempt++) {
            assertThat(lease.renew()).isEqualTo(Renewal.FAILED);
        }
        assertThat(store.logged).filteredOn(line -> line.contains("Could not renew")).hasSize(1)
                .allMatch(line -> line.startsWith("WARNING "));

        store.down = false;
        assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
        assertThat(store.logged).filteredOn(line -> line.contains("Renewed ") && line.contains("after 4 failed"))
                .hasSize(1);
        store.down = true;
        lease.renew();
        assertThat(store.logged).as("the next outage is warned about again")
                .filteredOn(line -> line.contains("Could not renew")).hasSize(2);
    }

    /** A re-claim closes the ended lease before each attempt: during an outage, that is a release every few seconds. */
    @Test
    void releasesThatKeepFailingDuringAnOutageAreWarnedAboutOnceUntilOneSucceeds() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        store.down = true;
        for (int attempt = 0; attempt < 5; attempt++) {
            lease.close();
        }
        assertThat(store.logged).filteredOn(line -> line.contains("Could not release")).hasSize(1)
                .allMatch(line -> line.startsWith("WARNING "));

        store.down = false;
        lease.close();
        assertThat(store.rows.get(0L).released).isTrue();
        assertThat(store.logged).filteredOn(line -> line.contains("Released ") && line.contains("after 5 failed"))
                .as("the recovery is told, with the number of attempts").hasSize(1);
    }

    /** Taken over while it could not be released (a replacement started meanwhile): nothing to release, and said so. */
    @Test
    void aRecordTakenOverWhileItCouldNotBeReleasedIsNotReportedAsReleased() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        store.down = true;
        lease.close();
        lease.close();
        store.rows.get(0L).holder = "replacement#1";

        store.down = false;
        lease.close();
        assertThat(store.rows.get(0L).released).as("the replacement's record").isFalse();
        assertThat(store.logged).noneMatch(line -> line.contains("Released "));
        assertThat(store.logged).filteredOn(line -> line.contains("Did not release"))
                .singleElement().asString().contains("another holder has taken its record over")
                .contains("after 2 failed attempts");
    }

    @Test
    void aSessionLeaseIsHeldOnlyBetweenProofsAndAPassedDeadlineDoesNotEndIt() throws Exception {
        MemoryStore store = new MemoryStore(clock, true);
        StoredNodeLease<Proof> lease = claim(store, "me#1");
        assertThat(lease.isHeld()).as("suspended until the first proof").isFalse();
        assertThat(store.attached.lease()).isSameAs(lease);

        assertThat(store.attached.prove(clock.monotonicNanos(), store.attached.epoch(), LeaseGrant.of(LEASE))).isTrue();
        assertThat(lease.isHeld()).isTrue();
        clock.advance(LEASE);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.isEnded()).isFalse();

        long asked = clock.monotonicNanos();
        long epoch = store.attached.epoch();
        store.epoch++; // the connection was suspended while the proof was in flight, before the lease heard of it
        assertThat(store.attached.prove(asked, epoch, LeaseGrant.of(LEASE))).isFalse();
        store.attached.suspend();
        assertThat(lease.isHeld()).isFalse();
        assertThat(store.attached.prove(clock.monotonicNanos(), store.attached.epoch(), LeaseGrant.of(LEASE))).isTrue();
        assertThat(lease.isHeld()).isTrue();
        assertThat(lease.renewalCount()).isEqualTo(2);

        store.attached.end("its session expired");
        assertThat(lease.isEnded()).isTrue();
        assertThatThrownBy(() -> lease.advanceHighWaterMark(clock.instant().toEpochMilli() + 60_000))
                .hasMessageContaining("the lease is not held (its session expired)");
    }

    @Test
    void aLeaseWithARenewalPeriodRenewsOnAThreadNamedAfterItsNamespaceAndIdentity() throws Exception {
        MemoryStore store = new MemoryStore(clock, false);
        StoredNodeLease<Proof> lease = StoredNodeLease.claim(MemoryLease::new, store, CLAIM, "me#1", clock,
                Duration.ofMillis(1));
        try {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (lease.renewalCount() == 0 && System.nanoTime() < end) {
                Thread.sleep(1);
            }
            assertThat(lease.renewalCount()).isPositive();
            assertThat(store.renewingThread).isEqualTo("ids-node-lease-memory-0");
        } finally {
            lease.close();
        }
    }
}
