package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.muid.MuidTransaction;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Runs the core usage examples of the README. Each {@code java} block of the README's "Core usage" section must
 * appear, line by line, in this file, so the README cannot drift from code that compiles and works.
 */
class ReadmeExamplesTest {

    @Test
    void traceIdExample() {
        // elfo TraceId: node 7; one chunk of 1023 counters shared by all threads, 4,190,208 IDs per second per node
        TraceIdGenerator traces = TraceIdGenerator.builder().nodeNo(7).build();
        TraceId trace = traces.next();
        long raw = trace.toLong();                          // what elfo puts on the wire
        TraceId same = TraceId.parse(trace.toString());     // decimal
        Instant when = trace.timestamp();                   // seconds wrap every 2^25 s: resolved against now

        assertThat(same).isEqualTo(trace);
        assertThat(TraceId.fromLong(raw).nodeNo()).isEqualTo(7);
        assertThat(when).isBeforeOrEqualTo(Instant.now());
    }

    @Test
    void lableExample() {
        // Lable: generator 5 of cluster 2; 64 IDs per millisecond
        LableIdGenerator accounts = LableIdGenerator.builder().generatorId(5).clusterId(2).mode(LableMode.TIME_SEQUENTIAL).build();
        LableId account = accounts.next();
        List<LableId> batch = accounts.next(100);           // 100 IDs at once
        LableId same = LableId.parse(account.toString());   // 16 hex digits; also toLong()/fromLong(long)
        int generator = account.generatorId();

        assertThat(same).isEqualTo(account);
        assertThat(batch).hasSize(100).doesNotContain(account).isSorted();
        assertThat(generator).isEqualTo(5);
    }

    @Test
    void gidExample() {
        // Graft GID: Volume, Log or Segment; 71 random bits from a striped pool of AES-CTR CSPRNGs keyed by SecureRandom
        GidGenerator volumes = GidGenerator.builder().type(GidType.VOLUME).build();
        Gid volume = volumes.next();
        Gid same = Gid.parse(volume.toString(), GidType.VOLUME);   // refuses a GID of another type
        UUID asUuid = volume.toUuid();
        Instant when = volume.timestamp();

        assertThat(same).isEqualTo(volume);
        assertThat(Gid.fromUuid(asUuid)).isEqualTo(volume);
        assertThat(when).isBeforeOrEqualTo(Instant.now());
    }

    @Test
    void snoExample() {
        // sno: partition 513; up to 65,536 IDs per 4 ms; the metabyte is chosen per call
        SnoGenerator orders = SnoGenerator.builder().partition(513).build();
        Sno order = orders.next(3);                         // metabyte 3, for example an order kind
        Sno same = Sno.parse(order.toString());             // 16 chars of base32
        SnoGenerator.Snapshot saved = orders.snapshot();    // restore with SnoGenerator.builder().restore(saved)
        int partition = order.partition();

        assertThat(same).isEqualTo(order);
        assertThat(same.metabyte()).isEqualTo(3);
        assertThat(SnoGenerator.builder().restore(saved).build().next(3)).isGreaterThan(order);
        assertThat(partition).isEqualTo(513);
    }

    @Test
    void muidExample() {
        // Gink muid: a medallion per node; strictly increasing microsecond timestamps
        MuidGenerator changes = MuidGenerator.builder().medallion(0x1BFC71B112DL).build();
        MuidTransaction tx = changes.beginTransaction();    // one timestamp and medallion for the whole transaction
        Muid first = tx.next(), second = tx.next();         // offsets 1, 2, ...
        Muid same = Muid.parse(first.toString());           // 5D5EAC793E61F-1BFC71B112D-00000001

        assertThat(same).isEqualTo(first);
        assertThat(first.offset()).isEqualTo(1);
        assertThat(second.offset()).isEqualTo(2);
        assertThat(second.timestampMicros()).isEqualTo(first.timestampMicros());
    }

    @Test
    void everyJavaBlockOfTheReadmeIsInThisFile() throws IOException {
        Path root = Paths.get("").toAbsolutePath();
        Path readme = Files.exists(root.resolve("README.md")) ? root.resolve("README.md")
                : root.getParent().resolve("README.md");
        String source = Files.readString(root.resolve("src/test/java/dev/ids/ReadmeExamplesTest.java"));
        List<String> missing = new ArrayList<>();
        boolean inJava = false;
        boolean inCoreUsage = false;
        for (String line : Files.readAllLines(readme)) {
            if (line.startsWith("## ")) {
                inCoreUsage = line.equals("## Core usage");
            } else if (line.startsWith("```")) {
                inJava = inCoreUsage && line.equals("```java");
            } else if (inJava && !source.contains(line.strip())) {
                missing.add(line);
            }
        }

        assertThat(missing).as("README lines not exercised by this test").isEmpty();
    }
}
