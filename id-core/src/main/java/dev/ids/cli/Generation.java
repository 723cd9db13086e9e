package dev.ids.cli;

import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.internal.Chars;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The {@code generate} command: a generator built from the scheme's options, and the IDs it prints. */
final class Generation {

    private final Supplier<?> ids;

    private Generation(Supplier<?> ids) {
        this.ids = ids;
    }

    static Generation start(IdScheme scheme, Options options) {
        String name = scheme.schemeName();
        return switch (scheme) {
            case TRACE_ID -> {
                options.allowOnly(name, List.of("node"));
                yield of(TraceIdGenerator.builder().nodeNo((int) options.requiredLong(name, "node", 0, 65535,
                        "the node number every TraceId carries, distinct for every process generating them")).build());
            }
            case LABLE -> {
                options.allowOnly(name, List.of("generator", "cluster", "mode"));
                yield of(LableIdGenerator.builder()
                        .generatorId((int) options.requiredLong(name, "generator", 0, 63,
                                "the generator id every ID carries, distinct for every process in a cluster"))
                        .clusterId((int) options.longValue("cluster", 0, 0, 15))
                        .mode(choice("--mode", options.text("mode", "spread"), LableMode.class))
                        .build());
            }
            case GID -> {
                options.allowOnly(name, List.of("type"));
                yield of(GidGenerator.builder()
                        .type(choice("--type", options.text("type", "volume"), GidType.class)).build());
            }
            case SNO -> {
                options.allowOnly(name, List.of("partition", "meta"));
                SnoGenerator generator = SnoGenerator.builder()
                        .partition((int) options.requiredLong(name, "partition", 0, 65535,
                                "the partition every sno carries, distinct for every process generating them")).build();
                int metabyte = (int) options.longValue("meta", 0, 0, 255);
                yield new Generation(() -> generator.next(metabyte));
            }
            case MUID -> {
                options.allowOnly(name, List.of("medallion"));
                MuidGenerator.Builder builder = MuidGenerator.builder();
                if (options.has("medallion")) {
                    builder.medallion(options.longValue("medallion", 0, 0, (1L << 44) - 2));
                }
                yield of(builder.build());
            }
        };
    }

    private static Generation of(IdGenerator<?> generator) {
        return new Generation(generator::next);
    }

    /**
     * Prints {@code count} IDs, one per line, and stops early when the output is closed (as by {@code | head}).
     *
     * @return whether every ID was written
     */
    boolean writeTo(PrintStream out, long count) {
        for (long i = 0; i < count; i++) {
            out.println(ids.get());
            if ((i & 1023) == 1023 && out.checkError()) {
                return false;
            }
        }
        return !out.checkError();
    }

    /**
     * The constant whose name, lower case with {@code -} for {@code _}, is exactly the text: no case folding, which
     * would let {@code ſpread} (long s) pass for {@code spread}.
     */
    private static <E extends Enum<E>> E choice(String option, String text, Class<E> type) {
        for (E value : type.getEnumConstants()) {
            if (optionName(value).equals(text)) {
                return value;
            }
        }
        throw new UsageException(option + " must be one of " + Arrays.stream(type.getEnumConstants())
                .map(Generation::optionName).collect(Collectors.joining(", ")) + ": " + Chars.quote(text));
    }

    private static String optionName(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
