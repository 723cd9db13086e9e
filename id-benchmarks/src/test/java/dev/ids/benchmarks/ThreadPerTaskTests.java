package dev.ids.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Each task gets a thread of its own, virtual exactly where the running JDK has virtual threads. */
class ThreadPerTaskTests {

    @Test
    void tasksRunOneAfterAnotherStillEachGetANewThread() throws Exception {
        Set<Thread> seen = new HashSet<>();
        try (ThreadPerTask threads = ThreadPerTask.open()) {
            for (int i = 0; i < 100; i++) {
                CompletableFuture<Thread> ranOn = new CompletableFuture<>();
                threads.start(() -> ranOn.complete(Thread.currentThread()));
                // Waiting for each task before starting the next would let any pool hand the same thread back.
                seen.add(ranOn.get(10, TimeUnit.SECONDS));
            }
        }

        assertThat(seen).hasSize(100).doesNotContain(Thread.currentThread());
    }

    @Test
    void theThreadsAreVirtualExactlyWhenTheJdkHasVirtualThreads() throws Exception {
        boolean jdkHasVirtualThreads = Runtime.version().feature() >= 21;
        CompletableFuture<Boolean> virtual = new CompletableFuture<>();
        try (ThreadPerTask threads = ThreadPerTask.open()) {
            threads.start(() -> virtual.complete(isVirtual(Thread.currentThread())));

            assertThat(threads.virtual()).isEqualTo(jdkHasVirtualThreads);
        }

        assertThat(virtual.get(10, TimeUnit.SECONDS)).isEqualTo(jdkHasVirtualThreads);
        assertThat(ThreadPerTask.describe()).contains(jdkHasVirtualThreads ? "virtual thread per call"
                : "platform thread per call").contains("JDK " + Runtime.version().feature());
    }

    /** {@code Thread.isVirtual()}, which JDK 17 lacks: there every thread is a platform thread. */
    private static boolean isVirtual(Thread thread) {
        try {
            Method isVirtual = Thread.class.getMethod("isVirtual");
            return (Boolean) isVirtual.invoke(thread);
        } catch (NoSuchMethodException e) {
            return false;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
