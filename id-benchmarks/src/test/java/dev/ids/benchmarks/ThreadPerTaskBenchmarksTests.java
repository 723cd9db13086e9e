package dev.ids.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.sno.Sno;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A batch draws every ID on a thread of its own, waits for all, and counts the calls that threw. */
class ThreadPerTaskBenchmarksTests {

    private final ThreadPerTaskBenchmarks benchmarks = new ThreadPerTaskBenchmarks();
    private final TaskCounts counts = new TaskCounts();

    @BeforeEach
    void build() {
        benchmarks.build();
        counts.reset();
    }

    @AfterEach
    void close() {
        benchmarks.close();
    }

    @Test
    void aBatchDrawsEachIdOnItsOwnThreadAndWaitsForAll() throws Exception {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        AtomicInteger drawn = new AtomicInteger();

        benchmarks.batch(() -> {
            threads.add(Thread.currentThread());
            return drawn.incrementAndGet();
        }, counts);

        assertThat(drawn).hasValue(ThreadPerTaskBenchmarks.BATCH);
        assertThat(threads).hasSize(ThreadPerTaskBenchmarks.BATCH).doesNotContain(Thread.currentThread());
        assertThat(counts.calls).isEqualTo(ThreadPerTaskBenchmarks.BATCH);
        assertThat(counts.exceptions()).isZero();
    }

    @Test
    void callsThatThrowAreCountedNotHidden() throws Exception {
        AtomicInteger call = new AtomicInteger();

        benchmarks.batch(() -> {
            if (call.getAndIncrement() % 4 == 0) {
                throw new IdGenerationException("over capacity");
            }
            return "id";
        }, counts);
        benchmarks.batch(() -> "id", counts);

        assertThat(counts.calls).isEqualTo(2L * ThreadPerTaskBenchmarks.BATCH);
        assertThat(counts.exceptions()).isEqualTo(ThreadPerTaskBenchmarks.BATCH / 4);

        counts.reset();
        assertThat(counts.calls).isZero();
        assertThat(counts.exceptions()).isZero();
    }

    @Test
    void anErrorInATaskFailsTheBatch() {
        assertThatThrownBy(() -> benchmarks.batch(() -> {
            throw new StackOverflowError("deep");
        }, counts)).isInstanceOf(StackOverflowError.class).hasMessage("deep");
        assertThat(counts.exceptions()).isZero();
    }

    @Test
    void theBenchmarkDrawsFromTheSharedGenerator() throws Exception {
        Object last = benchmarks.sno(counts);

        assertThat(last).isInstanceOf(Sno.class);
        assertThat(counts.calls).isEqualTo(ThreadPerTaskBenchmarks.BATCH);
        assertThat(counts.exceptions()).isZero();
    }
}
