package dev.ids.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.Gid;
import dev.ids.gid.GidType;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The result sizes the table compares allocations with agree with the JVM's own count of the bytes a thread
 * allocates, for calls that allocate exactly their result.
 */
class ObjectSizesTests {

    private static final int CALLS = 20_000;

    @Test
    void sizesMatchTheBytesTheJvmCountsForAllocatingExactlyTheResult() {
        char[] chars = "0123456789abcdef".toCharArray();
        long traceRaw = TraceId.min(Instant.now()).toLong();
        Gid gid = Gid.min(GidType.VOLUME, Instant.now());
        byte[] gidBytes = gid.toBytes();

        assertThat(ObjectSizes.of(String.valueOf(chars))).isEqualTo(allocatedPerCall(() -> String.valueOf(chars)));
        assertThat(ObjectSizes.of(new byte[10])).isEqualTo(allocatedPerCall(() -> new byte[10]));
        assertThat(ObjectSizes.of(new byte[16])).isEqualTo(allocatedPerCall(() -> new byte[16]));
        assertThat(ObjectSizes.of(TraceId.fromLong(traceRaw)))
                .isEqualTo(allocatedPerCall(() -> TraceId.fromLong(traceRaw)));
        assertThat(ObjectSizes.of(gid)).isEqualTo(allocatedPerCall(() -> Gid.fromBytes(gidBytes)));
        assertThat(ObjectSizes.of(Sno.min(Instant.now()))).isEqualTo(32);
    }

    /** Bytes the calling thread allocates per call, rounded: the JVM's counter, not a layout model. */
    private static long allocatedPerCall(Supplier<Object> call) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
                .getThreadMXBean();
        long thread = Thread.currentThread().getId();
        Object[] keep = new Object[CALLS];
        for (int i = 0; i < CALLS; i++) {
            keep[i] = call.get(); // warm up, so that class loading and profiling do not count
        }
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < CALLS; i++) {
            keep[i] = call.get();
        }
        long after = threads.getThreadAllocatedBytes(thread);
        return Math.round((after - before) / (double) CALLS);
    }
}
