package dev.ids.cli;

import static org.assertj.core.api.Assertions.assertThat;

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

    @Test
    void readmeShowsHowToBuildAndRunTheCommandLineTool() throws IOException {
        Path readme = Paths.get(System.getProperty("ids.cli.jar")).getParent().getParent().getParent()
                .resolve("README.md");
        String text = Files.readString(readme);

        assertThat(text).contains("./mvnw -B -q -pl id-core -DskipTests package && java -jar id-core/target/id-core-")
                .contains("java -jar id-core/target/id-core-0.1.0-SNAPSHOT.jar decode ");
    }
}
