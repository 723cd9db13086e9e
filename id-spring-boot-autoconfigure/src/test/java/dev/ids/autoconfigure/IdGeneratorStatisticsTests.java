package dev.ids.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.node.LeasedIdentity;
import dev.ids.clock.ManualClock;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.FakeNodeLease;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** What the health indicator and the {@code ids} endpoint read as a generator's current problem. */
class IdGeneratorStatisticsTests {

    /**
     * An independent check took the lease's database down with a minute of lease left: every call was refused (the
     * mark could not be written), yet the health indicator said UP and a readiness group stayed 200 for the rest of
     * the lease, as a refusal counted only while the generator's time ran ahead of the clock.
     */
    private final AtomicLong nanos = new AtomicLong();
    private final IdGeneratorStatistics statistics = new IdGeneratorStatistics(nanos::get);
    /** A lease whose mark the store cannot write. */
    private final FakeNodeLease lease = new FakeNodeLease(3).failAdvance(true);

    /** A generator on the lease, reporting to the statistics, waiting at most 100 ms. */
    private SnoGenerator generator() {
        SnoGenerator generator = SnoGenerator.builder().lease(lease)
                .clock(ManualClock.at(Instant.parse("2030-01-01T00:00:00Z"))).listener(statistics)
                .maxWait(Duration.ofMillis(100)).build();
        statistics.attach(generator);
        return generator;
    }

    @Test
    void aGeneratorWhoseLeaseMarkCannotBeWrittenHasAProblemWhileItsCallsAreRefused() {
        SnoGenerator generator = generator();

        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("high-water mark");

        assertThat(generator.lead()).isZero();
        assertThat(statistics.currentProblem()).hasValueSatisfying(problem ->
                assertThat(problem).contains("high-water mark"));
        nanos.addAndGet(IdGeneratorStatistics.REFUSAL_MEMORY.toNanos() - 1);
        assertThat(statistics.currentProblem()).as("within the memory").isPresent();

        nanos.addAndGet(1);
        assertThat(statistics.currentProblem()).as("no call since: a readiness probe lets traffic back").isEmpty();
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class);
        assertThat(statistics.currentProblem()).as("refused again").isPresent();

        lease.failAdvance(false);
        generator.next();
        assertThat(statistics.currentProblem()).as("issuing again").isEmpty();
    }

    /**
     * The same check, a generator called no more during the outage: its refusal aged out of the memory and the
     * instance said UP while its store was still down, kept DOWN only because another generator was called.
     */
    @Test
    void aLeasedGeneratorsRefusalStaysTheProblemUntilTheStoreRenewsTheLeaseEvenWithoutCalls() {
        statistics.attachIdentity(new IdGeneratorStatistics.NodeIdentity(3, "leased", new LeasedIdentity(
                "snoGenerator", "ids.sno.partition", "sno", lease, "jdbc (test)", "jdbc")));
        SnoGenerator generator = generator();
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class);

        nanos.addAndGet(IdGeneratorStatistics.REFUSAL_MEMORY.multipliedBy(6).toNanos());
        assertThat(statistics.currentProblem()).as("no renewal since: the store is still down").isPresent();

        lease.renewed();
        assertThat(statistics.currentProblem()).as("the store answered again").isEmpty();
    }
}
