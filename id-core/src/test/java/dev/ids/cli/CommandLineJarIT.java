package dev.ids.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.sno.Sno;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Runs the packaged jar the way the README tells a newcomer to: {@code java -jar id-core/target/id-core-<version>.jar}. */
class CommandLineJarIT {

    private record Result(int status, String out, String err) {
    }

    private static Result java(String stdin, String... args) throws IOException, InterruptedException {
        Path jar = Paths.get(System.getProperty("ids.cli.jar", "target/missing.jar"));
        assertThat(jar).as("the packaged command-line jar").exists();
        List<String> command = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the jar finished within a minute").isTrue();
        return new Result(process.exitValue(),
                new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void helpRunsFromThePackagedJar() throws Exception {
        Result result = java("", "--help");

        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("generate <scheme>");
    }

    @Test
    void generatedIdsRoundTripThroughDecodeOnStandardInput() throws Exception {
        Result generated = java("", "generate", "muid", "3", "--medallion", "1923190821165");
        assertThat(generated.status()).as(generated.err()).isZero();

        Result decoded = java(generated.out(), "decode", "muid", "-");

        assertThat(decoded.status()).as(decoded.err()).isZero();
        assertThat(decoded.out().lines()).hasSize(3)
                .allSatisfy(line -> assertThat(line).contains("\"medallion\":1923190821165"));
    }

    @Test
    void invalidInputGivesAnErrorObjectAndStatusOne() throws Exception {
        Result result = java("", "decode", "gid", "74gOupMzUA-2dW3RcXgeX9Gb");

        assertThat(result.status()).isEqualTo(1);
        assertThat(result.out()).startsWith("{\"input\":\"74gOupMzUA-2dW3RcXgeX9Gb\",\"error\":");
    }

    /**
     * Runs every line of the README's command-line block in bash from the repository root, as written, with the
     * {@code java} of this build first on the PATH; the leading build step ({@code ./mvnw ... &&}) is left out, since
     * this build has just packaged the jar.
     */
    @Test
    void readmeCommandLineLinesRunAsWrittenAndPrintWhatTheReadmeSays() throws Exception {
        Path root = Paths.get(System.getProperty("ids.cli.jar")).toAbsolutePath().getParent().getParent().getParent();
        List<String> readme = Files.readAllLines(root.resolve("README.md"));
        List<String> lines = shBlockOf(readme, "## The command-line tool");
        assertThat(lines).as("the README's command-line block").hasSize(4);
        assertThat(lines.get(0)).startsWith("./mvnw -B -q -pl id-core -DskipTests package && java -jar ");

        Result help = bash(root, lines.get(0).substring(lines.get(0).indexOf("&& ") + 3));
        assertThat(help.status()).as(help.err()).isZero();
        assertThat(help.out()).contains("generate <scheme> [count] [options]").contains("--partition <0..65535>");

        assertThat(lines.get(1)).endsWith("generate sno 3 --partition 513 --meta 7");
        Result snos = bash(root, lines.get(1));
        assertThat(snos.status()).as(snos.err()).isZero();
        assertThat(snos.out().lines().map(Sno::parse)).hasSize(3)
                .allSatisfy(sno -> assertThat(sno.partition()).isEqualTo(513))
                .allSatisfy(sno -> assertThat(sno.metabyte()).isEqualTo(7));

        assertThat(lines.get(2)).endsWith("decode gid 74gfrC8X75-4Fwt5S13qxVrN");
        Result gid = bash(root, lines.get(2));
        assertThat(gid.status()).as(gid.err()).isZero();
        String documented = readme.stream().filter(line -> line.startsWith("`{\"scheme\":\"gid\""))
                .map(line -> line.substring(1, line.lastIndexOf('`'))).findFirst().orElseThrow();
        assertThat(gid.out().strip()).as("the output the README shows").isEqualTo(documented);

        assertThat(lines.get(3)).contains("generate muid 5 | ").endsWith("decode muid -");
        Result muids = bash(root, lines.get(3));
        assertThat(muids.status()).as(muids.err()).isZero();
        assertThat(muids.out().lines()).hasSize(5)
                .allSatisfy(line -> assertThat(line).startsWith("{\"scheme\":\"muid\""));
    }

    private static List<String> shBlockOf(List<String> readme, String heading) {
        List<String> block = new ArrayList<>();
        boolean inSection = false;
        boolean inBlock = false;
        for (String line : readme) {
            if (line.startsWith("## ")) {
                inSection = line.equals(heading);
            } else if (inSection && line.equals("```sh")) {
                inBlock = true;
            } else if (inBlock && line.equals("```")) {
                return block;
            } else if (inBlock && !line.isBlank()) {
                block.add(line);
            }
        }
        return block;
    }

    private static Result bash(Path directory, String line) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("bash", "-o", "pipefail", "-c", line).directory(directory.toFile());
        Path javaBin = Paths.get(System.getProperty("java.home"), "bin");
        builder.environment().merge("PATH", javaBin.toString(), (path, bin) -> bin + File.pathSeparator + path);
        Process process = builder.start();
        process.getOutputStream().close();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("'%s' finished within a minute", line).isTrue();
        return new Result(process.exitValue(),
                new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
