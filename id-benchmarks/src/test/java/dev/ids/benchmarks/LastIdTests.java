package dev.ids.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.f4b6a3.tsid.TsidFactory;
import com.github.f4b6a3.ulid.Ulid;
import com.github.f4b6a3.uuid.UuidCreator;
import dev.ids.gid.Gid;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import io.hypersistence.tsid.TSID;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lable.oss.uniqueid.bytes.Blueprint;
import org.lable.oss.uniqueid.bytes.IDBuilder;

/** The lead over the wall clock is decoded from each library's own IDs, not assumed. */
class LastIdTests {

    /** A millisecond on a whole second, so that every scheme's time unit holds it exactly. */
    private static final Instant STAMP = Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(10);

    static Stream<Arguments> idsStampedTenSecondsAhead() {
        Clock fixed = Clock.fixed(STAMP, ZoneOffset.UTC);
        return Stream.of(
                Arguments.of("TraceId", TraceId.min(STAMP)),
                Arguments.of("LableId", LableId.min(STAMP, LableMode.TIME_SEQUENTIAL)),
                Arguments.of("Sno", Sno.min(STAMP)),
                Arguments.of("Gid", Gid.min(GidType.VOLUME, STAMP)),
                Arguments.of("Muid", Muid.min(STAMP)),
                Arguments.of("uuid-creator v7", UuidCreator.getTimeOrderedEpoch(STAMP)),
                Arguments.of("tsid-creator", TsidFactory.builder().withClock(fixed).build().create()),
                Arguments.of("hypersistence-tsid", TSID.Factory.builder().withClock(fixed).build().generate()),
                Arguments.of("ulid-creator", Ulid.min(STAMP.toEpochMilli())),
                Arguments.of("Lable uniqueid-core", IDBuilder.build(new Blueprint(STAMP.toEpochMilli(), 0, 5, 2))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("idsStampedTenSecondsAhead")
    void eachLibrarysIdDecodesToTheTimeItCarries(String library, Object id) {
        LastId last = new LastId();
        last.id = id;

        assertThat(last.embeddedTime()).isEqualTo(STAMP);
    }

    @Test
    void aRandomUuidCarriesNoTimeAndRecordsNothing(@TempDir Path dir) {
        LastId last = new LastId();
        last.id = UUID.randomUUID();
        Path file = dir.resolve("leads.tsv");

        last.record(file, "bench.random", 1, Instant.now());

        assertThat(file).doesNotExist();
    }

    @Test
    void anIdAheadOfTheWallClockIsRecordedAsAPositiveLeadAndTheLargestWins(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("leads.tsv");
        Instant now = STAMP.minusSeconds(10);
        LastId ahead = new LastId();
        ahead.id = Sno.min(STAMP);
        LastId behind = new LastId();
        behind.id = Sno.min(now.minusMillis(8));
        LastId raw = new LastId();
        raw.raw = STAMP.plusMillis(3).toEpochMilli();
        raw.rawTime = Instant::ofEpochMilli;

        behind.record(file, "bench.sno", 2, now);
        ahead.record(file, "bench.sno", 2, now);
        raw.record(file, "bench.cosid", 1, now);

        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).containsExactly("bench.sno\t2\t-8000",
                "bench.sno\t2\t10000000", "bench.cosid\t1\t10003000");
        Map<String, Long> leads = Leads.read(file);
        assertThat(leads).containsOnly(Map.entry("bench.sno@2", Duration.ofSeconds(10).toNanos() / 1000),
                Map.entry("bench.cosid@1", 10_003_000L));
        assertThat(List.copyOf(leads.keySet())).hasSize(2);
    }
}
