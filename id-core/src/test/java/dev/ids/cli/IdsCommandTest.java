package dev.ids.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ids.IdScheme;
import dev.ids.internal.Chars;
import dev.ids.testing.Vectors;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOError;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class IdsCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Vector component names (the references' own) mapped to the names of the decoded view in SPECS.md. */
    private static final Map<String, String> COMPONENT_NAMES = Map.of(
            "node_no", "nodeNo", "chunk_no", "chunkNo", "timestamp_ms", "timestamp", "generator_id", "generatorId",
            "cluster_id", "clusterId", "tick", "tickTock", "meta", "metabyte", "random_hex", "random");

    private int status;
    private String out;
    private String err;

    private void run(String stdin, String... args) {
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        status = IdsCommand.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        out = outBytes.toString(StandardCharsets.UTF_8);
        err = errBytes.toString(StandardCharsets.UTF_8);
    }

    private List<JsonNode> outputLines() throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.isEmpty()) {
                lines.add(JSON.readTree(line));
            }
        }
        return lines;
    }

    @ParameterizedTest
    @EnumSource(IdScheme.class)
    void decodeAgreesWithEveryValidVector(IdScheme scheme) throws Exception {
        List<String> inputs = new ArrayList<>();
        List<JsonNode> vectors = new ArrayList<>();
        for (JsonNode vector : Vectors.valid(vectorFile(scheme))) {
            String text = vector.path("string").isTextual() ? vector.get("string").asText() : vector.get("hex").asText();
            if (vector.has("parse_input")) {
                text = vector.get("parse_input").asText();
            }
            inputs.add(text);
            vectors.add(vector);
        }
        List<String> args = new ArrayList<>(List.of("decode", scheme.schemeName()));
        args.addAll(inputs);

        run("", args.toArray(String[]::new));

        assertThat(status).as(err).isZero();
        List<JsonNode> decoded = outputLines();
        assertThat(decoded).hasSize(vectors.size());
        for (int i = 0; i < vectors.size(); i++) {
            JsonNode vector = vectors.get(i);
            JsonNode view = decoded.get(i);
            assertThat(view.get("scheme").asText()).isEqualTo(scheme.schemeName());
            String expectedCanonical = vector.path("string").isTextual()
                    ? vector.get("string").asText() : vector.get("hex").asText();
            assertThat(view.get("canonical").asText()).as(vector.get("name").asText()).isEqualTo(expectedCanonical);
            if (vector.has("hex")) {
                assertThat(view.get("hex").asText()).isEqualTo(vector.get("hex").asText());
            }
            vector.get("components").properties().forEach(component -> {
                String name = COMPONENT_NAMES.getOrDefault(component.getKey(), component.getKey());
                if (component.getKey().equals("prefix") || component.getKey().equals("type")
                        || view.get("components").has(name)) {
                    assertThat(view.get("components").get(name)).as(vector.get("name") + " " + name)
                            .isEqualTo(component.getValue());
                }
            });
            assertThat(view.get("components").size()).isEqualTo(expectedComponentCount(scheme));
        }
    }

    @Test
    void decodeReportsInvalidInputsAndStillDecodesTheOthers() throws Exception {
        run("", "decode", "sno", "2222222222222222", "BRPK4Q72XWF2M63L", "brpk4q72xwf2m63l");

        assertThat(status).isEqualTo(1);
        List<JsonNode> lines = outputLines();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0).get("canonical").asText()).isEqualTo("2222222222222222");
        assertThat(lines.get(1).get("input").asText()).isEqualTo("BRPK4Q72XWF2M63L");
        assertThat(lines.get(1).get("error").asText()).contains("BRPK4Q72XWF2M63L");
        assertThat(lines.get(2).get("components").get("partition").asInt()).isEqualTo(39434);
    }

    @Test
    void decodeShowsABoundedEscapedExcerptOfAHugeInvalidInput() throws Exception {
        String huge = "\u001b[2J" + "z".repeat(1_000_000);

        run("", "decode", "sno", huge);

        assertThat(status).isEqualTo(1);
        assertThat(out).hasSizeLessThan(600).doesNotContain("\u001b");
        JsonNode line = outputLines().get(0);
        assertThat(line.get("input").asText()).startsWith("\\u001B[2Jzzz").endsWith("zz\u2026(1000004 chars)");
        assertThat(line.get("error").asText()).contains("(1000004 chars)").contains("not 1000004");
    }

    @Test
    void usageErrorsShowABoundedExcerptOfTheArgument() {
        String huge = "\n".repeat(1_000_000);

        run("", "generate", "lable", "--generator", "1", "--mode", huge);
        assertThat(status).isEqualTo(2);
        assertThat(err).hasSizeLessThan(400).contains("(1000000 chars)").contains("\\n\\n");

        run("", huge);
        assertThat(status).isEqualTo(2);
        assertThat(err).hasSizeLessThan(400).contains("(1000000 chars)");
    }

    @Test
    void decodeReadsStandardInputForADash() throws Exception {
        run("1\n6123839962065403905\n0\n", "decode", "trace-id", "-");

        assertThat(status).isEqualTo(1);
        List<JsonNode> lines = outputLines();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0).get("components").get("counter").asInt()).isEqualTo(1);
        assertThat(lines.get(1).get("components").get("nodeNo").asInt()).isEqualTo(1);
        assertThat(lines.get(2).get("input").asText()).isEqualTo("0");
    }

    @ParameterizedTest
    @EnumSource(IdScheme.class)
    void generatedIdsDecodeAsTheirScheme(IdScheme scheme) throws Exception {
        List<String> args = new ArrayList<>(List.of("generate", scheme.schemeName(), "5"));
        args.addAll(switch (scheme) {
            case TRACE_ID -> List.of("--node", "9");
            case LABLE -> List.of("--generator", "9");
            case SNO -> List.of("--partition", "9");
            case GID, MUID -> List.<String>of();
        });
        run("", args.toArray(String[]::new));

        assertThat(status).as(err).isZero();
        String[] ids = out.split("\n");
        assertThat(ids).hasSize(5).doesNotHaveDuplicates();
        for (String id : ids) {
            assertThat(scheme.decode(id).canonical()).isEqualTo(id);
        }
    }

    @Test
    void generateAppliesTheSchemeOptions() throws Exception {
        run("", "generate", "sno", "3", "--partition", "513", "--meta", "7");

        assertThat(status).as(err).isZero();
        for (String id : out.split("\n")) {
            run("", "decode", "sno", id);
            JsonNode components = outputLines().get(0).get("components");
            assertThat(components.get("partition").asInt()).isEqualTo(513);
            assertThat(components.get("metabyte").asInt()).isEqualTo(7);
        }
    }

    @ParameterizedTest
    @EnumSource(value = IdScheme.class, names = {"TRACE_ID", "LABLE", "SNO"})
    void aMissingNodeIdentityIsAUsageErrorNamingTheOptionAndItsRange(IdScheme scheme) {
        run("", "generate", scheme.schemeName(), "3");

        String expected = switch (scheme) {
            case TRACE_ID -> "--node <0..65535>";
            case LABLE -> "--generator <0..63>";
            default -> "--partition <0..65535>";
        };
        assertThat(status).isEqualTo(2);
        assertThat(err).contains(scheme.schemeName() + " needs " + expected);
        assertThat(out).isEmpty();
    }

    @Test
    void muidWithoutAMedallionTakesARandomOneInTheSpecificationsRange() throws Exception {
        List<Long> medallions = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            run("", "generate", "muid");
            assertThat(status).as(err).isZero();
            run("", "decode", "muid", out.strip());
            medallions.add(outputLines().get(0).get("components").get("medallion").asLong());
        }

        assertThat(medallions).allSatisfy(medallion -> assertThat(medallion).isBetween(0x10000000000L, 0x1FFFFFFFFFFL))
                .doesNotHaveDuplicates();
    }

    @Test
    void unknownSchemeIsAUsageErrorThatListsTheSchemes() {
        run("", "generate", "snoo");

        assertThat(status).isEqualTo(2);
        assertThat(err).contains("snoo").contains("trace-id, lable, gid, sno, muid");
    }

    @Test
    void optionOfAnotherSchemeIsRefusedByName() {
        run("", "generate", "sno", "--medallion", "5");

        assertThat(status).isEqualTo(2);
        assertThat(err).contains("--medallion").contains("--partition");
    }

    @Test
    void outOfRangeOptionNamesTheOptionAndTheRange() {
        run("", "generate", "lable", "--generator", "64");

        assertThat(status).isEqualTo(2);
        assertThat(err).contains("--generator").contains("[0, 63]").contains("64");
    }

    @Test
    void unknownModeListsTheModes() {
        run("", "generate", "lable", "--generator", "1", "--mode", "fast");

        assertThat(status).isEqualTo(2);
        assertThat(err).contains("fast").contains("spread, time-sequential");
    }

    @Test
    void decodeSkipsBlankLinesAndAByteOrderMarkOnStandardInput() throws Exception {
        run("\uFEFF2222222222222222\r\n   \n\n2222222422222222\n", "decode", "sno", "-");

        assertThat(status).as(err).isZero();
        assertThat(outputLines()).extracting(line -> line.get("canonical").asText())
                .containsExactly("2222222222222222", "2222222422222222");
    }

    @Test
    void aLineOfStandardInputThatIsNotUtf8IsAnInvalidInputAndTheOthersAreStillDecoded() throws Exception {
        // Far more valid lines before the bad bytes than the reader decodes ahead of the line it hands out.
        ByteArrayOutputStream stdin = new ByteArrayOutputStream();
        for (int i = 0; i < 1_000; i++) {
            stdin.writeBytes("2222222222222222\n".getBytes(StandardCharsets.US_ASCII));
        }
        stdin.writeBytes(new byte[] {'x', (byte) 0xE9, 'y', '\n'});
        stdin.writeBytes("2222222422222222\n".getBytes(StandardCharsets.US_ASCII));
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

        status = IdsCommand.run(new String[] {"decode", "sno", "-"}, new ByteArrayInputStream(stdin.toByteArray()),
                new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        out = outBytes.toString(StandardCharsets.UTF_8);

        assertThat(status).isEqualTo(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8)).isEmpty();
        List<JsonNode> lines = outputLines();
        assertThat(lines).hasSize(1_002);
        assertThat(lines.subList(0, 1_000)).allSatisfy(line ->
                assertThat(line.get("canonical").asText()).isEqualTo("2222222222222222"));
        assertThat(lines.get(1_000).get("input").asText()).isEqualTo("x\uFFFDy");
        assertThat(lines.get(1_000).get("error").asText())
                .isEqualTo("line 1001 of standard input is not UTF-8 text (U+FFFD stands for the bytes that are not)");
        assertThat(lines.get(1_001).get("canonical").asText()).isEqualTo("2222222422222222");
    }

    @Test
    void generateStopsWhenTheOutputIsClosed() {
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        status = IdsCommand.run(new String[] {"generate", "gid", "100000000"}, InputStream.nullInputStream(),
                new PrintStream(closed, false, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));

        assertThat(status).isEqualTo(1);
    }

    @Test
    void signedNumbersAndExtraArgumentsAreUsageErrors() {
        run("", "generate", "trace-id", "--node=+5");
        assertThat(status).isEqualTo(2);
        assertThat(err).contains("--node").contains("+5");

        run("", "schemes", "extra");
        assertThat(status).isEqualTo(2);
        assertThat(err).contains("extra");
    }

    @ParameterizedTest
    @CsvSource({
            "sno, --partition, \u0663", // ARABIC-INDIC DIGIT THREE, which Long.parseLong reads as 3
            "trace-id, --node, \uFF11\uFF12", // FULLWIDTH DIGITS ONE TWO
            "lable, --generator, -0",
            "lable, --cluster, \u0967", // DEVANAGARI DIGIT ONE
            "sno, --meta, \u0661",
            "muid, --medallion, \uFF15",
            "lable, --mode, \u017Fpread", // LATIN SMALL LETTER LONG S, which upper-cases to S
            "gid, --type, \u017Fegment",
            "lable, --mode, SPREAD",
            "gid, --type, Log"})
    void optionValuesMustBeAsciiDigitsOrTheExactName(String scheme, String option, String value) {
        List<String> args = new ArrayList<>(List.of("generate", scheme, option, value));
        if (!option.equals("--generator") && scheme.equals("lable")) {
            args.addAll(List.of("--generator", "1"));
        }
        if (!option.equals("--partition") && scheme.equals("sno")) {
            args.addAll(List.of("--partition", "1"));
        }

        run("", args.toArray(String[]::new));

        assertThat(status).as(out).isEqualTo(2);
        assertThat(err).startsWith("error: " + option).contains(Chars.quote(value)).doesNotContain("\n\n");
        assertThat(out).isEmpty();
    }

    @Test
    void theCountTooMustBeAsciiDigits() {
        run("", "generate", "gid", "\u0661\u0660");

        assertThat(status).isEqualTo(2);
        assertThat(err).contains("count").contains("U+0661");
        assertThat(out).isEmpty();
    }

    @Test
    void aTooLongLineOnStandardInputIsSkippedWithAnErrorNamingItsNumberAndLength() throws Exception {
        run("2222222222222222\n" + "z".repeat(10_485_760) + "\n2222222422222222\n", "decode", "sno", "-");

        assertThat(status).isEqualTo(1);
        assertThat(err).isEqualTo("error: line 2 of standard input has 10485760 characters, more than the 1024 a "
                + "line may have; skipped" + System.lineSeparator());
        assertThat(outputLines()).extracting(line -> line.get("canonical").asText())
                .containsExactly("2222222222222222", "2222222422222222");
    }

    @Test
    void anErrorWhileReadingEndsWithOneLineAndAStatusInsteadOfEscaping() {
        // An Error, as a huge line once made an OutOfMemoryError (JUnit would not report that one as a failure).
        InputStream exhausted = new InputStream() {
            @Override
            public int read() {
                throw new IOError(new IOException("device gone"));
            }

            @Override
            public int read(byte[] bytes, int offset, int length) {
                return read();
            }
        };
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

        status = IdsCommand.run(new String[] {"decode", "sno", "-"}, exhausted,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(1);
        assertThat(errBytes.toString(StandardCharsets.UTF_8))
                .isEqualTo("error: java.io.IOError: java.io.IOException: device gone" + System.lineSeparator());
    }

    @Test
    void helpPrintsUsage() {
        run("", "--help");

        assertThat(status).isZero();
        assertThat(out).contains("generate <scheme>").contains("decode <scheme>");
    }

    @Test
    void noArgumentsPrintsUsageAsAnError() {
        run("");

        assertThat(status).isEqualTo(2);
        assertThat(err).contains("Usage:");
    }

    private static String vectorFile(IdScheme scheme) {
        return scheme == IdScheme.TRACE_ID ? "trace_id" : scheme.schemeName();
    }

    private static int expectedComponentCount(IdScheme scheme) {
        return switch (scheme) {
            case TRACE_ID -> 4;
            case LABLE -> 5;
            case GID -> 4;
            case SNO -> 5;
            case MUID -> 3;
        };
    }
}
