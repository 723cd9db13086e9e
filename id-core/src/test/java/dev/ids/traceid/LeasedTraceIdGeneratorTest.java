package dev.ids.traceid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.node.LeaseFence;
import dev.ids.node.LeasedGeneratorContract;
import dev.ids.node.NodeLease;
import dev.ids.testing.FakeNodeLease;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A {@link TraceIdGenerator} built with a node lease. */
class LeasedTraceIdGeneratorTest extends LeasedGeneratorContract<TraceId> {

    @Override
    protected WaitingGeneratorBuilder<?> builder(NodeLease lease) {
        return TraceIdGenerator.builder().lease(lease);
    }

    @Override
    protected Generator<TraceId> build(WaitingGeneratorBuilder<?> builder) {
        return ((TraceIdGenerator.Builder) builder).build()::next;
    }

    @Override
    protected String setExplicitIdentity(WaitingGeneratorBuilder<?> builder, long identity) {
        ((TraceIdGenerator.Builder) builder).nodeNo((int) identity);
        return "nodeNo(" + identity + ")";
    }

    @Override
    protected long outOfRangeIdentity() {
        return TraceId.MAX_NODE_NO + 1;
    }

    @Override
    protected long identityOf(TraceId id) {
        return id.nodeNo();
    }

    @Override
    protected long startMillisOf(TraceId id) {
        return id.timestampNear(clock.instant()).toEpochMilli();
    }

    @Override
    protected long endMillisOf(TraceId id) {
        return startMillisOf(id) + 999;
    }

    /**
     * A hung store, two calls needing the next chunk: the first waits for the mark holding the refill lock, the
     * second for the lock. The second's one maximum wait covers both waits, and its refusal names the store, not
     * capacity (an independent check saw such calls wait up to twice the maximum wait, refused as over capacity).
     */
    @Test
    void behindACallWaitingForAHungStoreACallWaitsOneMaximumWaitInAllAndIsToldWhy() throws Exception {
        FakeNodeLease lease = new FakeNodeLease(2).heldFor(Duration.ofHours(1));
        Duration maxWait = Duration.ofSeconds(1);
        TraceIdGenerator generator = TraceIdGenerator.builder().lease(lease).clock(clock).listener(listener)
                .maxWait(maxWait).build();
        generator.next();
        long written = lease.highWaterMarkMillis();
        lease.hangAdvances();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            clock.advance(Duration.ofMillis(written - clock.wallTimeMillis() - LeaseFence.MARGIN_MILLIS + 1));
            generator.next(); // a new chunk, within the margin: the write of the next step begins, and hangs
            Thread.sleep(LeaseFence.WRITE_PATIENCE_MILLIS + 200); // the write's age is real time
            clock.advance(Duration.ofMillis(LeaseFence.MARGIN_MILLIS));

            Future<TraceId> first = pool.submit(generator::next);
            Thread.sleep(200);
            long began = System.nanoTime();
            Future<TraceId> second = pool.submit(generator::next);

            assertThatThrownBy(() -> second.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(IdGenerationException.class)
                    .hasMessageContaining("high-water mark").hasMessageNotContaining("over capacity");
            assertThat(Duration.ofNanos(System.nanoTime() - began)).as("one maximum wait in all")
                    .isLessThan(maxWait.plusMillis(500));
            assertThatThrownBy(() -> first.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(IdGenerationException.class)
                    .hasMessageContaining("high-water mark");
        } finally {
            pool.shutdownNow();
            lease.releaseHungAdvances();
        }
    }

    /**
     * The first ID after a start needs a write of the mark, waited for up to the write patience: a call behind it,
     * refused for the lock when its maximum wait ends, says the store has not answered, not that capacity ran out.
     */
    @Test
    void aCallRefusedBehindTheFirstCallWaitingForAHungStoreNamesTheStore() throws Exception {
        FakeNodeLease lease = new FakeNodeLease(2).heldFor(Duration.ofHours(1));
        lease.hangAdvances();
        Duration maxWait = Duration.ofSeconds(1);
        TraceIdGenerator generator = TraceIdGenerator.builder().lease(lease).clock(clock).listener(listener)
                .maxWait(maxWait).build();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<TraceId> first = pool.submit(generator::next);
            while (lease.attempts.get() == 0) {
                Thread.sleep(5);
            }
            long began = System.nanoTime();
            Future<TraceId> second = pool.submit(generator::next);

            assertThatThrownBy(() -> second.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(IdGenerationException.class)
                    .hasMessageContaining("the lease store has not answered a write of the high-water mark")
                    .hasMessageNotContaining("over capacity");
            assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(maxWait.plusMillis(500));
            lease.releaseHungAdvances();
            assertThat(first.get(10, TimeUnit.SECONDS).nodeNo()).as("served once the write lands").isEqualTo(2);
        } finally {
            pool.shutdownNow();
            lease.releaseHungAdvances();
        }
    }
}
