package dev.ids.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class OptionProperties {

    /** A numeric option, the scheme it belongs to, its range and the other options that scheme needs. */
    record NumericOption(String scheme, String name, long max, List<String> others) {
    }

    private static final List<NumericOption> OPTIONS = List.of(
            new NumericOption("trace-id", "node", 65_535, List.of()),
            new NumericOption("lable", "generator", 63, List.of()),
            new NumericOption("lable", "cluster", 15, List.of("--generator=1")),
            new NumericOption("sno", "partition", 65_535, List.of()),
            new NumericOption("sno", "meta", 255, List.of("--partition=1")),
            new NumericOption("muid", "medallion", (1L << 44) - 2, List.of()));

    private static boolean plainDigitsAtMost(String value, long max) {
        return value.matches("[0-9]+") && new BigInteger(value).compareTo(BigInteger.valueOf(max)) <= 0;
    }

    private static int run(List<String> args, ByteArrayOutputStream err) {
        return IdsCommand.run(args.toArray(String[]::new), InputStream.nullInputStream(),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Property
    void aNodeOptionIsAcceptedOnlyAsPlainDigitsInRange(@ForAll("optionIndexes") int index,
            @ForAll("values") String value) {
        NumericOption option = OPTIONS.get(index);
        List<String> args = new ArrayList<>(List.of("generate", option.scheme(), "--" + option.name() + "=" + value));
        args.addAll(option.others());
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = run(args, err);

        if (plainDigitsAtMost(value, option.max())) {
            assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        } else {
            assertThat(status).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: --" + option.name() + " ")
                    .hasLineCount(1);
        }
    }

    @Property
    void theCountIsAcceptedOnlyAsPlainDigitsInRange(@ForAll("values") String value) {
        Assume.that(!value.startsWith("-") && !value.isEmpty());
        Assume.that(!plainDigitsAtMost(value, 100_000_000) || new BigInteger(value).intValue() <= 100);
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = run(List.of("generate", "gid", value), err);

        if (plainDigitsAtMost(value, 100_000_000) && !value.matches("0+")) {
            assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        } else {
            assertThat(status).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: count ").hasLineCount(1);
        }
    }

    @Provide
    Arbitrary<Integer> optionIndexes() {
        return Arbitraries.integers().between(0, OPTIONS.size() - 1);
    }

    @Provide
    Arbitrary<String> values() {
        return Arbitraries.oneOf(
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(25),
                Arbitraries.longs().between(0, 1L << 45).map(String::valueOf),
                Arbitraries.strings().withChars("0123456789+- \u0663\u0661\uFF11\uFF12\u0967\u00B2\u2070\n")
                        .ofMaxLength(8),
                Arbitraries.strings().all().ofMaxLength(8));
    }
}
