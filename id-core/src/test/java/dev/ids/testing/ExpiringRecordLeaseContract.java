package dev.ids.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import dev.ids.node.IdentityTakeOver;
import dev.ids.node.LeaseFence;
import dev.ids.node.ListedLease;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.Renewal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every key-value store of leases shares, whose lease record expires by a time to live the store counts
 * while the mark record never expires (the Redis and etcd stores): claims, renewals, fencing, marks, release, deleted
 * records and concurrent claimants. A subclass per store (and topology) runs it, supplying:
 * <ul>
 * <li>a provider of the store over the key prefix each test gets, built with the given terms
 *     ({@link #newProvider}), and its claims typed as the store's lease ({@link #claim});</li>
 * <li>what the store's lease tells of itself: its record's name, holder value, loss reason, and a renewal by hand;</li>
 * <li>the records as an operator or another process reads and changes them ({@link #storedHolder},
 *     {@link #deleteRecord}, {@link #writeMark}, ...), outside the provider.</li>
 * </ul>
 * Each test uses a key prefix and namespace of its own, and a manual clock that starts at the system's time.
 *
 * @param <P> the store's provider
 * @param <L> the store's lease
 */
public abstract class ExpiringRecordLeaseContract<P extends IdentityTakeOver & AutoCloseable, L extends NodeLease> {

    protected static final Duration LEASE = Duration.ofSeconds(30);
    protected static final Duration GRACE = Duration.ofSeconds(10);

    private final ConcurrentLinkedDeque<AutoCloseable> opened = new ConcurrentLinkedDeque<>();
    protected ManualClock clock;
    protected String prefix;
    protected String namespace;

    /**
     * A provider of the store under test whose records live under the given prefix, built with the given terms.
     *
     * @param keyPrefix the prefix of every record
     * @param terms the holder id, clock, timings and whether leases renew in the background
     * @return the provider, not yet remembered for closing
     */
    protected abstract P newProvider(String keyPrefix, LeaseTerms terms);

    /**
     * Claims through the store's provider, typed as the store's lease.
     *
     * @param provider the provider
     * @param claim the claim
     * @return the lease
     */
    protected abstract L claim(P provider, NodeClaim claim);

    /** Renews once by hand, as the renewal thread does. */
    protected abstract Renewal renew(L lease);

    /** The name of the record that holds the lease (a key), as the lease reports it. */
    protected abstract String recordName(L lease);

    /** The holder value the lease wrote in its record: the holder id, {@code #} and the lease's number. */
    protected abstract String holder(L lease);

    /** Why the lease was lost or closed. */
    protected abstract String lossReason(L lease);

    /** How a refused claim names the records of the namespace's identities, such as {@code ...:lease:<identity>}. */
    protected abstract String recordNamePattern();

    /** Whether the lease's record is in the store. */
    protected abstract boolean recordExists(L lease) throws Exception;

    /** The holder in the lease's record, as another process reads it. */
    protected abstract String storedHolder(L lease) throws Exception;

    /** Deletes the lease's record, as an operator would. */
    protected abstract void deleteRecord(L lease) throws Exception;

    /** Deletes every record of the lease's identity an operator could delete, the mark's included. */
    protected abstract void deleteEveryRecord(L lease) throws Exception;

    /** Makes the lease's record another holder's, as a process that took the identity would. */
    protected abstract void recordTakenBy(L lease, String otherHolder) throws Exception;

    /** The mark record's value, as stored. */
    protected abstract String storedMark(L lease) throws Exception;

    /** Writes the mark record's value, as another process would. */
    protected abstract void writeMark(L lease, String stored) throws Exception;

    /** A mark in the form the store keeps it. */
    protected abstract String markAsStored(long epochMillis);

    /**
     * The least mark a claim starts from after every record of its identity was deleted under a holder whose
     * highest possible mark was a step beyond the clock's time.
     *
     * @param wallTimeMillis the clock's time
     * @return the least start
     */
    protected abstract long leastStartAfterEveryRecordLost(long wallTimeMillis);

    /**
     * Whether a listed expiry is the store's own clock's (checked against the system's time, within seconds) rather
     * than the lease's (checked against the manual clock, exactly).
     */
    protected abstract boolean listsExpiryOnTheStoresClock();

    /** Checks what a release leaves in the store beyond the missing record; nothing unless the store says. */
    protected void assertReleasedInStore(L lease) throws Exception {
    }

    /** How long twenty claimants may take to claim at once. */
    protected Duration concurrentClaimsWithin() {
        return Duration.ofSeconds(30);
    }

    @BeforeEach
    void namesAndClock() {
        clock = ManualClock.atEpochMillis(System.currentTimeMillis());
        String run = UUID.randomUUID().toString().substring(0, 8);
        prefix = "ids-test-" + ProcessHandle.current().pid() + "-" + run;
        namespace = "ns-" + run;
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : opened) {
            closeable.close();
        }
    }

    /** The terms of most tests: this test's clock, a 30 s lease, a 10 s grace, renewed by hand. */
    protected LeaseTerms terms(String holder) {
        return LeaseTerms.renewedByHand(holder, clock, LEASE, GRACE);
    }

    protected P provider(String holder) {
        return remember(newProvider(prefix, terms(holder)));
    }

    protected P provider(LeaseTerms terms) {
        return remember(newProvider(prefix, terms));
    }

    protected <T extends AutoCloseable> T remember(T closeable) {
        opened.addFirst(closeable);
        return closeable;
    }

    protected L claim(P provider, long min, long max) {
        return remember(claim(provider, new NodeClaim(namespace, min, max)));
    }

    @Test
    void claimsStartAtTheLowEndOfTheRangeStayWithinItAndSayWhenItIsFull() {
        P provider = provider("a");
        assertThat(List.of(claim(provider, 5, 7).identity(), claim(provider, 5, 7).identity(),
                claim(provider, 5, 7).identity())).containsExactly(5L, 6L, 7L);
        assertThatThrownBy(() -> provider.claim(new NodeClaim(namespace, 5, 7)))
                .isInstanceOf(NoFreeNodeIdentityException.class)
                .hasMessageContaining("all of 5 to 7 are held")
                .hasMessageContaining(recordNamePattern());
    }

    @Test
    void twentyConcurrentClaimantsGetTwentyDistinctIdentities() throws Exception {
        int claimants = 20;
        ExecutorService pool = Executors.newFixedThreadPool(claimants);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Long>> identities = new ArrayList<>();
            for (int i = 0; i < claimants; i++) {
                P provider = provider("claimant-" + i);
                identities.add(pool.submit(() -> {
                    start.await();
                    return claim(provider, 0, 63).identity();
                }));
            }
            start.countDown();
            Set<Long> distinct = new TreeSet<>();
            for (Future<Long> identity : identities) {
                distinct.add(identity.get(concurrentClaimsWithin().toMillis(), TimeUnit.MILLISECONDS));
            }
            assertThat(distinct).hasSize(claimants).allMatch(identity -> identity >= 0 && identity <= 63);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void closeReleasesTheIdentitySoAnotherProcessClaimsItAtOnceFromTheMarkItKept() throws Exception {
        L first = claim(provider("a"), 0, 0);
        long mark = first.highWaterMarkMillis() + 60_000;
        first.advanceHighWaterMark(mark);
        first.close();
        assertThat(recordExists(first)).isFalse();
        assertReleasedInStore(first);

        L next = claim(provider("b"), 0, 0);
        assertThat(next.identity()).isZero();
        assertThat(next.highWaterMarkMillis()).isEqualTo(mark);
        assertThatThrownBy(() -> first.advanceHighWaterMark(mark + 10_000)).isInstanceOf(IllegalStateException.class);
        assertThat(storedMark(next)).isEqualTo(markAsStored(mark));
    }

    @Test
    void aMarkWriteNeverLowersTheStoredMark() throws Exception {
        L lease = claim(provider("a"), 0, 0);
        long foreign = lease.highWaterMarkMillis() + 120_000;
        writeMark(lease, markAsStored(foreign));
        lease.advanceHighWaterMark(lease.highWaterMarkMillis() + 10_000);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(foreign);
        assertThat(storedMark(lease)).isEqualTo(markAsStored(foreign));
    }

    @Test
    void aRenewalThatFindsAnotherHolderMarksTheLeaseLostAtOnce() throws Exception {
        L lease = claim(provider("a"), 0, 0);
        recordTakenBy(lease, "intruder#1");
        assertThat(renew(lease)).isEqualTo(Renewal.LOST);
        assertThat(lease.isHeld()).isFalse();
        assertThat(lease.isEnded()).isTrue();
        assertThat(lossReason(lease)).contains("another process holds the identity now (intruder#1)");
    }

    @Test
    void aHolderWhoseRecordWasDeletedIsFencedAtItsNextRenewalAndSaysWhy() throws Exception {
        L lease = claim(provider("a"), 0, 0);
        deleteRecord(lease);
        assertThat(renew(lease)).isEqualTo(Renewal.LOST);
        assertThat(lease.isEnded()).isTrue();
        assertThat(lossReason(lease)).contains("its key " + recordName(lease) + " is gone");
    }

    @Test
    void aHolderWhoseRecordWasDeletedIsFencedAtItsNextMarkWriteAndASuccessorStartsAboveTheMark() throws Exception {
        L lease = claim(provider("a"), 0, 0);
        long mark = lease.highWaterMarkMillis() + 30_000;
        lease.advanceHighWaterMark(mark);
        deleteRecord(lease);

        L successor = claim(provider("b"), 0, 0);
        assertThat(successor.highWaterMarkMillis()).isEqualTo(mark);
        assertThatThrownBy(() -> lease.advanceHighWaterMark(mark + 10_000)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no longer held")
                .hasMessageContaining("another process holds the identity now");
        assertThat(lease.isEnded()).isTrue();
        assertThat(storedMark(lease)).isEqualTo(markAsStored(mark));
        lease.close();
        assertThat(recordExists(successor)).as("the fenced lease's close leaves its successor's record").isTrue();
        assertThat(renew(successor)).isEqualTo(Renewal.RENEWED);
    }

    @Test
    void aClaimAfterEveryRecordWasDeletedStartsBeyondEveryMarkTheFormerHolderCouldHaveWritten() throws Exception {
        L former = claim(provider("a"), 0, 0);
        // The highest mark a holder writes: a step beyond its clock.
        long lastMark = clock.wallTimeMillis() + LeaseFence.STEP_MILLIS;
        former.advanceHighWaterMark(lastMark);
        deleteEveryRecord(former);

        L successor = claim(provider("b"), 0, 0);
        assertThat(successor.highWaterMarkMillis()).isGreaterThan(lastMark)
                .isGreaterThanOrEqualTo(leastStartAfterEveryRecordLost(clock.wallTimeMillis()));
    }

    @Test
    void aHolderPausedPastItsLeaseIsFencedBeforeAnotherProcessCanClaimItsIdentity() {
        L paused = claim(provider("a"), 0, 0);
        clock.advance(LEASE);
        assertThat(paused.isHeld()).isFalse();
        // The record lives the grace longer on the store's clock.
        assertThatThrownBy(() -> provider("b").claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(renew(paused)).as("a renewal after the deadline does not revive it").isEqualTo(Renewal.LOST);
    }

    @Test
    void anOldLeaseOfTheSameProviderCannotRenewOrReleaseItsSuccessor() throws Exception {
        P provider = provider("a");
        L old = claim(provider, 0, 0);
        deleteRecord(old);
        L successor = claim(provider, 0, 0);
        assertThat(holder(successor)).isNotEqualTo(holder(old));
        assertThat(renew(old)).isEqualTo(Renewal.LOST);
        old.close();
        assertThat(storedHolder(successor)).isEqualTo(holder(successor));
        assertThat(renew(successor)).isEqualTo(Renewal.RENEWED);
    }

    @Test
    void listLeasesShowsHoldersExpiriesAndMarksOfHeldAndReleasedIdentities() {
        P provider = provider("lister");
        L held = claim(provider, 0, 3);
        L released = claim(provider, 0, 3);
        long releasedMark = released.highWaterMarkMillis();
        released.close();
        long systemNow = System.currentTimeMillis();
        long clockNow = clock.wallTimeMillis();

        List<ListedLease> leases = provider.listLeases(namespace);
        assertThat(leases).extracting(ListedLease::identity).containsExactly(0L, 1L);
        ListedLease first = leases.get(0);
        assertThat(first.holder()).isEqualTo(holder(held));
        assertThat(first.held()).isTrue();
        if (listsExpiryOnTheStoresClock()) {
            assertThat(first.expiresAtMillis()).isBetween(systemNow + LEASE.toMillis() - 5_000,
                    systemNow + LEASE.toMillis() + 1_000);
        } else {
            assertThat(first.expiresAtMillis()).isEqualTo(clockNow + LEASE.toMillis());
        }
        assertThat(first.highWaterMarkMillis()).isEqualTo(held.highWaterMarkMillis());
        ListedLease second = leases.get(1);
        assertThat(second.held()).isFalse();
        assertThat(second.holder()).isEqualTo(holder(released));
        assertThat(second.holderIs("lister")).isTrue();
        assertThat(second.expiresAtMillis()).isZero();
        assertThat(second.highWaterMarkMillis()).isEqualTo(releasedMark);
        assertThat(provider.listLeases("nothing-here")).isEmpty();
    }

    @Test
    void leasesRenewThemselvesInTheBackgroundAndReleaseWhenClosed() throws Exception {
        P provider = provider(terms("a").withClock(IdClock.system()).withTimings(Duration.ofMillis(900), GRACE)
                .renewingEvery(null));
        L lease = claim(provider, 0, 0);
        Thread.sleep(2_000);
        assertThat(lease.isHeld()).isTrue();
        assertThat(lease.renewalCount()).isGreaterThanOrEqualTo(3);
        lease.close();
        assertThat(recordExists(lease)).isFalse();
    }
}
