package dev.ids.autoconfigure;

import dev.ids.IdGenerationException;
import dev.ids.MonitoredIdGenerator;
import dev.ids.autoconfigure.node.LeasedIdentity;
import dev.ids.event.IdGeneratorListener;
import dev.ids.event.WaitCause;
import dev.ids.internal.ExceptionMessages;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The events of one generator the starter made, counted: waits for the clock and the time waited, by cause (over
 * capacity, behind a clock that stepped back, behind a node lease's high-water mark), clock regressions and how far
 * back, and refusals. Metrics, the health indicator and the {@code ids} endpoint read it; it has no dependency on
 * Micrometer. Events are rare, so counting them costs the generation fast path nothing.
 */
public final class IdGeneratorStatistics implements IdGeneratorListener {

    private static final WaitCause[] CAUSES = WaitCause.values();

    /**
     * How long a refusal made while the generator's time did not run ahead of the clock (a store that cannot write
     * the lease's mark, for one) stays the current problem when the generator has issued no ID since. A generator
     * that has no calls meanwhile reads as working again after this long, so that a readiness probe lets traffic
     * back to it; the next refusal shows again at once.
     */
    static final Duration REFUSAL_MEMORY = Duration.ofSeconds(10);

    /** Per cause, in {@link WaitCause#ordinal()} order. */
    private final LongAdder[] waits = adders();

    /** Per cause, in {@link WaitCause#ordinal()} order. */
    private final LongAdder[] waitNanos = adders();

    private final LongAdder regressions = new LongAdder();

    private final LongAdder regressionNanos = new LongAdder();

    private final LongAdder refusals = new LongAdder();

    private volatile @Nullable MonitoredIdGenerator<?> generator;

    private volatile @Nullable Refusal lastRefusal;

    private volatile @Nullable LeasedIdentity leased;

    private volatile @Nullable NodeIdentity nodeIdentity;

    private final LongSupplier nanoTime;

    /**
     * A refusal to issue an ID: when, why, how many IDs the generator had issued by then, and whether its time ran
     * ahead of the clock then (a clock that stepped back).
     */
    record Refusal(Instant at, long atNanos, String reason, long generatedBefore, boolean clockBehind,
            long renewalsBefore) {
    }

    /** Statistics of a generator yet to be attached. */
    public IdGeneratorStatistics() {
        this(System::nanoTime);
    }

    /** For tests: the monotonic clock that ages refusals. */
    IdGeneratorStatistics(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    void attach(MonitoredIdGenerator<?> generator) {
        this.generator = generator;
    }

    void attachIdentity(NodeIdentity identity) {
        this.nodeIdentity = identity;
        this.leased = identity.leased();
    }

    /**
     * Returns the generator's node identity and where it came from.
     *
     * @return the identity, or empty when the scheme needs none (GID) or it is random (a muid medallion) or the
     *     generator was not made by the starter
     */
    public Optional<NodeIdentity> nodeIdentity() {
        return Optional.ofNullable(nodeIdentity);
    }

    /**
     * A generator's node identity and where it came from.
     *
     * @param value the identity, for example the sno partition
     * @param source {@code configured} (a property), {@code provider} (a {@link NodeIdentityProvider} bean), or the
     *     kind of lease it was claimed as: {@code jdbc}, {@code zookeeper}, or {@code lease} (an application's own
     *     {@link dev.ids.node.NodeLeaseProvider} bean)
     * @param leased the lease that holds it: the claimed lease, or for a configured identity the lease that holds it
     *     in the store while one is in use; {@code null} when none does
     */
    public record NodeIdentity(long value, String source, @Nullable LeasedIdentity leased) {
    }

    /**
     * Returns the lease the generator's node identity comes from.
     *
     * @return the leased identity, or empty when the identity was set (or the scheme needs none)
     */
    public Optional<LeasedIdentity> leasedIdentity() {
        return Optional.ofNullable(leased);
    }

    /**
     * Tells whether the generator can prove it holds its node identity now: always, for an identity that was set;
     * for a leased one, while the lease holds (the generator refuses IDs otherwise).
     *
     * @return {@code true} unless the generator's lease is not held
     */
    public boolean isLeaseHeld() {
        LeasedIdentity current = leased;
        return current == null || current.lease().isHeld();
    }

    private static LongAdder[] adders() {
        LongAdder[] adders = new LongAdder[CAUSES.length];
        for (int i = 0; i < adders.length; i++) {
            adders[i] = new LongAdder();
        }
        return adders;
    }

    @Override
    public void onWait(WaitCause cause, Duration waited) {
        waits[cause.ordinal()].increment();
        waitNanos[cause.ordinal()].add(waited.toNanos());
    }

    @Override
    public void onClockRegression(Duration backwards) {
        regressions.increment();
        regressionNanos.add(backwards.toNanos());
    }

    @Override
    public void onRefused(IdGenerationException failure) {
        refusals.increment();
        MonitoredIdGenerator<?> current = generator;
        LeasedIdentity identity = leased;
        lastRefusal = new Refusal(Instant.now(), nanoTime.getAsLong(), ExceptionMessages.of(failure),
                current == null ? 0 : current.generatedCount(), current != null && !current.lead().isZero(),
                identity == null ? -1 : identity.lease().renewalCount());
    }

    /**
     * Returns how many times the generator waited over capacity, because the sequence of the time units up to the
     * one it waited for were taken: the waits of cause {@link WaitCause#CAPACITY}, never those for a clock that
     * stepped back or a lease's mark.
     *
     * @return the number of sequence overflows
     */
    public long overflowCount() {
        return waitCount(WaitCause.CAPACITY);
    }

    /**
     * Returns the total time the generator waited over capacity (after sequence overflows).
     *
     * @return the total wait of cause {@link WaitCause#CAPACITY}
     */
    public Duration totalWait() {
        return totalWait(WaitCause.CAPACITY);
    }

    /**
     * Returns how many calls waited for the given cause.
     *
     * @param cause the cause
     * @return the number of waits
     */
    public long waitCount(WaitCause cause) {
        return waits[cause.ordinal()].sum();
    }

    /**
     * Returns the total time calls waited for the given cause.
     *
     * @param cause the cause
     * @return the total wait
     */
    public Duration totalWait(WaitCause cause) {
        return Duration.ofNanos(waitNanos[cause.ordinal()].sum());
    }

    /**
     * Returns how many times the generator saw the wall clock fall behind.
     *
     * @return the number of clock regressions
     */
    public long regressionCount() {
        return regressions.sum();
    }

    /**
     * Returns how far the wall clock fell behind, added over all regressions.
     *
     * @return the total regression
     */
    public Duration totalRegression() {
        return Duration.ofNanos(regressionNanos.sum());
    }

    /**
     * Returns how many times the generator refused to issue an ID.
     *
     * @return the number of refusals
     */
    public long refusalCount() {
        return refusals.sum();
    }

    /**
     * Returns why the generator cannot issue IDs now: its node lease is not held, or the reason of its latest
     * refusal, as long as it has issued no ID since and: for a refusal made while its time ran ahead of the clock,
     * until the clock has caught up (the next call then succeeds, so the problem is over even if no call has come);
     * for any other (a lease's mark the store cannot write), for {@link #REFUSAL_MEMORY}, renewed by each refusal,
     * and for a leased identity also until the store has renewed the lease since (an outage without calls is still
     * an outage).
     *
     * @return the reason, or empty while the generator works
     */
    public Optional<String> currentProblem() {
        LeasedIdentity identity = leased;
        if (identity != null && !identity.lease().isHeld()) {
            String reason = identity.lease().notHeldReason();
            return Optional.of("the lease on node identity " + identity.lease().identity() + " (namespace '"
                    + identity.namespace() + "', " + identity.provider() + ") is not held"
                    + (reason == null ? "" : " (" + reason + ")") + ": the generator refuses IDs until it holds it "
                    + "again");
        }
        Refusal refusal = lastRefusal;
        MonitoredIdGenerator<?> current = generator;
        if (refusal == null || current == null || current.generatedCount() > refusal.generatedBefore()) {
            return Optional.empty();
        }
        boolean over = refusal.clockBehind() ? current.lead().isZero()
                : nanoTime.getAsLong() - refusal.atNanos() >= REFUSAL_MEMORY.toNanos() && storeAnsweredSince(refusal);
        if (over) {
            return Optional.empty();
        }
        return Optional.of(refusal.reason() + " (at " + refusal.at() + ")");
    }

    /**
     * Whether the lease store has renewed the generator's lease since a refusal: until then, an outage that refused
     * a call is not over merely because no call has come since. True for a generator without a lease.
     */
    private boolean storeAnsweredSince(Refusal refusal) {
        LeasedIdentity identity = leased;
        return identity == null || refusal.renewalsBefore() < 0
                || identity.lease().renewalCount() > refusal.renewalsBefore();
    }
}
