package dev.ids.cli;

import dev.ids.DecodedId;
import dev.ids.IdGenerationException;
import dev.ids.IdScheme;
import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import dev.ids.internal.ExceptionMessages;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The command-line tool: {@code generate} prints new IDs, {@code decode} prints the decoded view of IDs as JSON.
 * Run it with {@code java -jar id-core-<version>.jar --help}.
 */
public final class IdsCommand {

    /** Exit status when every input was decoded or every ID generated. */
    static final int OK = 0;
    /** Exit status when at least one input of {@code decode} was not a valid ID. */
    static final int INVALID_INPUT = 1;
    /** Exit status when a generator refused to issue an ID (see {@link IdGenerationException}). */
    static final int FAILED = 1;
    /** Exit status for a command line that cannot be carried out: unknown command, scheme or option. */
    static final int USAGE = 2;

    static final String USAGE_TEXT = """
            Usage:
              java -jar id-core.jar generate <scheme> [count] [options]   print new IDs, one per line
              java -jar id-core.jar decode <scheme> <id>...               print each ID decoded, as JSON, one per line
              java -jar id-core.jar decode <scheme> -                     decode the IDs on standard input, one per line
              java -jar id-core.jar schemes                               list the schemes
              java -jar id-core.jar --help                                show this help

            Schemes: trace-id, lable, gid, sno, muid

            Options of generate (each scheme takes only its own). A node identity (--node, --generator,
            --partition) is required: it must differ between processes generating IDs at the same time, and the
            tool does not guess one.
              trace-id  --node <0..65535>  (required)
              lable     --generator <0..63>  (required)  --cluster <0..15>  (default 0)
                        --mode spread|time-sequential  (default spread)
              gid       --type volume|log|segment  (default volume)
              sno       --partition <0..65535>  (required)  --meta <0..255>  (default 0)
              muid      --medallion <0..17592186044414>  (default: random, as the muid specification prescribes)

            decode prints {"scheme", "canonical", "hex", "timestamp", "components"} for each valid ID and
            {"input", "error"} for each invalid one (a line of standard input that is not UTF-8 included); the
            exit status is 1 when any input was invalid. Lines of standard input longer than 1024 characters are
            skipped with an error on standard error.

            Numbers are plain digits 0-9 and names are written exactly as above.
            """;

    /** The longest line {@code decode <scheme> -} reads; the longest ID has 34 characters. */
    static final int MAX_LINE = 1024;

    /** What the decoder of standard input puts in place of bytes that are not UTF-8. */
    private static final char REPLACEMENT = '\uFFFD';

    private static final String BYTE_ORDER_MARK = "\uFEFF";

    private IdsCommand() {
    }

    /**
     * Runs the tool and exits with its status.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        int status = run(args, System.in, out, System.err);
        out.flush();
        System.exit(status);
    }

    /**
     * Runs the tool.
     *
     * @param args the command line
     * @param in standard input, for {@code decode <scheme> -}
     * @param out where results go
     * @param err where errors and help for a wrong command line go
     * @return the exit status: 0 on success, 1 when an input to decode was invalid, 2 for a wrong command line
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        List<String> arguments = Arrays.asList(args);
        if (arguments.isEmpty()) {
            err.print(USAGE_TEXT);
            return USAGE;
        }
        if (arguments.contains("--help") || arguments.contains("-h")) {
            out.print(USAGE_TEXT);
            return OK;
        }
        try {
            return switch (arguments.get(0)) {
                case "generate" -> generate(arguments.subList(1, arguments.size()), out);
                case "decode" -> decode(arguments.subList(1, arguments.size()), in, out, err);
                case "schemes" -> {
                    if (arguments.size() > 1) {
                        throw new UsageException("schemes takes no arguments: " + Chars.quote(arguments.get(1)));
                    }
                    for (IdScheme scheme : IdScheme.values()) {
                        out.println(scheme.schemeName());
                    }
                    yield OK;
                }
                default -> throw new UsageException("Unknown command " + Chars.quote(arguments.get(0))
                        + "; commands: generate, decode, schemes (see --help)");
            };
        } catch (UsageException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return USAGE;
        } catch (IdGenerationException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            return FAILED;
        } catch (RuntimeException | Error e) {
            // Anything unforeseen, even running out of memory, still ends with one line and a status.
            err.println("error: " + Chars.excerpt(e.toString()));
            return FAILED;
        }
    }

    private static int generate(List<String> arguments, PrintStream out) {
        if (arguments.isEmpty()) {
            throw new UsageException("generate needs a scheme: generate <scheme> [count] [options]");
        }
        IdScheme scheme = scheme(arguments.get(0));
        List<String> rest = arguments.subList(1, arguments.size());
        long count = 1;
        if (!rest.isEmpty() && !rest.get(0).startsWith("--")) {
            count = Options.parseLong("count", rest.get(0), 1, 100_000_000);
            rest = rest.subList(1, rest.size());
        }
        Options options = Options.parse(rest);
        return Generation.start(scheme, options).writeTo(out, count) ? OK : FAILED;
    }

    private static int decode(List<String> arguments, InputStream in, PrintStream out, PrintStream err) {
        if (arguments.size() < 2) {
            throw new UsageException("decode needs a scheme and at least one ID (or - for standard input): "
                    + "decode <scheme> <id>...");
        }
        IdScheme scheme = scheme(arguments.get(0));
        List<String> inputs = arguments.subList(1, arguments.size());
        if (inputs.equals(List.of("-"))) {
            return decodeLines(scheme, in, out, err);
        }
        int status = OK;
        for (String input : inputs) {
            status = Math.max(status, decodeOne(scheme, input, out));
        }
        return status;
    }

    private static int decodeLines(IdScheme scheme, InputStream in, PrintStream out, PrintStream err) {
        // Bytes that are not UTF-8 become U+FFFD, so that their line is refused like any invalid input and the
        // other lines are still decoded (a decoder that reports them would end the run, losing the lines it had
        // already read ahead).
        BoundedLines lines = new BoundedLines(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)),
                MAX_LINE);
        int status = OK;
        int lineNumber = 0;
        try {
            for (BoundedLines.Line line = lines.next(); line != null; line = lines.next()) {
                lineNumber++;
                if (!line.isWhole()) {
                    err.println("error: line " + lineNumber + " of standard input has " + line.length()
                            + " characters, more than the " + MAX_LINE + " a line may have; skipped");
                    status = INVALID_INPUT;
                    continue;
                }
                String text = line.text();
                if (lineNumber == 1 && text.startsWith(BYTE_ORDER_MARK)) {
                    text = text.substring(1);
                }
                if (text.indexOf(REPLACEMENT) >= 0) {
                    out.println(DecodedId.errorJson(text, "line " + lineNumber + " of standard input is not UTF-8 "
                            + "text (U+FFFD stands for the bytes that are not)"));
                    status = INVALID_INPUT;
                } else if (!text.isBlank()) {
                    status = Math.max(status, decodeOne(scheme, text, out));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read standard input: " + e.getMessage(), e);
        }
        return status;
    }

    private static int decodeOne(IdScheme scheme, String input, PrintStream out) {
        try {
            out.println(scheme.decode(input).toJson());
            return OK;
        } catch (InvalidIdException e) {
            out.println(DecodedId.errorJson(input, ExceptionMessages.of(e)));
            return INVALID_INPUT;
        }
    }

    private static IdScheme scheme(String name) {
        try {
            return IdScheme.of(name);
        } catch (IllegalArgumentException e) {
            throw new UsageException(ExceptionMessages.of(e));
        }
    }
}
