package dev.ids.benchmarks;

import com.github.f4b6a3.tsid.Tsid;
import com.github.f4b6a3.tsid.TsidFactory;
import com.github.f4b6a3.ulid.Ulid;
import com.github.f4b6a3.ulid.UlidFactory;
import dev.ids.clock.IdClock;
import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import io.hypersistence.tsid.TSID;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The inputs of the codec benchmarks: for each kind of ID, {@value #COUNT} distinct IDs as a fleet would issue them
 * over a year (many node identities, times spread over 2025, in shuffled order), so that a codec meets the
 * variety of real traffic and branch prediction learns no single input. Times, nodes and order come from fixed seeds,
 * the same in every fork, for ours and the peers alike; only the schemes' own random bits differ.
 */
final class CodecInputs {

    /** How many distinct IDs of each kind a benchmark cycles over; a power of two, for a cheap index. */
    static final int COUNT = 1_024;

    /** Nodes issuing the IDs of a kind; each issues {@code COUNT / NODES} of them. */
    private static final int NODES = 32;

    private static final long YEAR_MICROS = 365L * 24 * 3_600 * 1_000_000;

    /** 2025-01-01T00:00:00Z: the nodes' clocks run from here through 2025. */
    private static final long START_MICROS = 1_735_689_600_000_000L;

    private CodecInputs() {
    }

    static TraceId[] traceIds() {
        return fleet(TraceId[]::new, node -> TraceIdGenerator.builder().nodeNo(1 + node * 97)
                .clock(new YearClock(node)).build()::next);
    }

    static LableId[] lableIds() {
        return fleet(LableId[]::new, node -> LableIdGenerator.builder().generatorId(node * 2).clusterId(node % 16)
                .mode(LableMode.TIME_SEQUENTIAL).clock(new YearClock(node)).build()::next);
    }

    static Sno[] snos() {
        return fleet(Sno[]::new, node -> {
            SnoGenerator generator = SnoGenerator.builder().partition(node * 2_039).clock(new YearClock(node))
                    .build();
            return () -> generator.next(node % 256);
        });
    }

    static Gid[] gids() {
        GidType[] types = GidType.values();
        return fleet(Gid[]::new, node -> GidGenerator.builder().type(types[node % types.length])
                .clock(new YearClock(node)).build()::next);
    }

    static Muid[] muids() {
        return fleet(Muid[]::new, node -> MuidGenerator.builder().medallion(0x10000000000L + node * 0x2F0B3D1L)
                .clock(new YearClock(node)).build()::next);
    }

    static UUID[] uuids() {
        Random random = new Random(11);
        UUID[] ids = new UUID[COUNT];
        for (int i = 0; i < COUNT; i++) {
            // Version 4 bits as UUID.randomUUID() sets them, from a seeded source.
            long most = random.nextLong() & ~0xF000L | 0x4000L;
            long least = random.nextLong() & ~(0xC000_0000_0000_0000L) | 0x8000_0000_0000_0000L;
            ids[i] = new UUID(most, least);
        }
        return ids;
    }

    static Tsid[] tsidCreatorIds() {
        return fleet(Tsid[]::new, node -> {
            YearClock clock = new YearClock(node);
            TsidFactory factory = TsidFactory.builder().withNode(node).withRandom(new Random(node))
                    .withTimeFunction(clock::wallTimeMillis).build();
            return factory::create;
        });
    }

    static TSID[] hypersistenceTsids() {
        Tsid[] tsids = tsidCreatorIds();
        TSID[] ids = new TSID[COUNT];
        for (int i = 0; i < COUNT; i++) {
            ids[i] = TSID.from(tsids[i].toLong());
        }
        return ids;
    }

    static Ulid[] ulids() {
        return fleet(Ulid[]::new, node -> {
            YearClock clock = new YearClock(node);
            Random random = new Random(node);
            return () -> new Ulid(clock.wallTimeMillis(), randomBytes(random));
        });
    }

    private static byte[] randomBytes(Random random) {
        byte[] bytes = new byte[10];
        random.nextBytes(bytes);
        return bytes;
    }

    /** Each of {@value #NODES} nodes issues its share over the year; the whole is shuffled with a fixed seed. */
    private static <T> T[] fleet(IntFunction<T[]> array, IntFunction<Supplier<T>> node) {
        List<T> ids = new ArrayList<>(COUNT);
        for (int n = 0; n < NODES; n++) {
            Supplier<T> issuer = node.apply(n);
            for (int i = 0; i < COUNT / NODES; i++) {
                ids.add(issuer.get());
            }
        }
        if (ids.stream().distinct().count() != COUNT) {
            throw new IllegalStateException("the inputs of a codec benchmark repeat an ID");
        }
        Collections.shuffle(ids, new Random(7));
        return ids.toArray(array.apply(COUNT));
    }

    /**
     * A node's clock: it starts at a random point of the first half of 2025 and each reading moves it forward by up to
     * a few hours, so the IDs a node issues span the year, as the IDs in a table do.
     */
    private static final class YearClock implements IdClock {

        private final Random random;
        private long micros;

        YearClock(int node) {
            this.random = new Random(31L * node + 1);
            this.micros = START_MICROS + (long) (random.nextDouble() * YEAR_MICROS / 2);
        }

        @Override
        public long wallTimeMicros() {
            micros += 1 + (long) (random.nextDouble() * YEAR_MICROS / (2L * COUNT / NODES));
            return micros;
        }

        @Override
        public long monotonicNanos() {
            return System.nanoTime();
        }
    }
}
