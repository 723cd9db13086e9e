package dev.ids.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DaemonThreadsTest {

    @Test
    void theFactoryMakesDaemonThreadsOfTheName() {
        Thread thread = DaemonThreads.named("ids-test").newThread(() -> { });
        assertThat(thread.isDaemon()).isTrue();
        assertThat(thread.getName()).isEqualTo("ids-test");
    }

    @Test
    void theSchedulerRunsOnOneDaemonThreadOfTheName() throws Exception {
        ScheduledExecutorService scheduler = DaemonThreads.scheduler("ids-test-scheduler");
        try {
            Thread first = scheduler.schedule(Thread::currentThread, 1, TimeUnit.MILLISECONDS)
                    .get(10, TimeUnit.SECONDS);
            Thread second = scheduler.submit(Thread::currentThread).get(10, TimeUnit.SECONDS);
            assertThat(first.isDaemon()).isTrue();
            assertThat(first.getName()).isEqualTo("ids-test-scheduler");
            assertThat(second).isSameAs(first);
        } finally {
            scheduler.shutdownNow();
        }
    }
}
