package dev.ids.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves that the build's nullness check is on and can fail: compiles a {@code @NullMarked} class with the javac and
 * the Error Prone arguments of the {@code nullaway} profile (which hands them to this test), and expects NullAway's
 * error where the class returns {@code null} from a method whose return type is not {@code @Nullable}, and no error
 * where it is. Skipped, saying why, where the profile is not active: NullAway's JSpecify mode needs a JDK 22 or newer.
 */
class NullAwayCheckTest {

    /** The JVM options of the profile's forked javac, which Error Prone needs to reach javac's internals. */
    private static final List<String> JAVAC_INTERNALS = List.of(
            "-J--add-exports=jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED",
            "-J--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
            "-J--add-exports=jdk.compiler/com.sun.tools.javac.main=ALL-UNNAMED",
            "-J--add-exports=jdk.compiler/com.sun.tools.javac.model=ALL-UNNAMED",
            "-J--add-exports=jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED",
            "-J--add-exports=jdk.compiler/com.sun.tools.javac.processing=ALL-UNNAMED",
            "-J--add-exports=jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED",
            "-J--add-exports=jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED",
            "-J--add-opens=jdk.compiler/com.sun.tools.javac.code=ALL-UNNAMED",
            "-J--add-opens=jdk.compiler/com.sun.tools.javac.comp=ALL-UNNAMED");

    private static final String NULL_RETURNED =
            "[NullAway] returning @Nullable expression from method with @NonNull return type";

    @TempDir
    Path work;

    private Path javac;

    private String errorProne;

    @BeforeEach
    void requireTheProfile() {
        String jdk = System.getProperty("nullaway.jdk", "");
        errorProne = System.getProperty("nullaway.errorprone", "");
        javac = Path.of(jdk.isEmpty() ? "." : jdk, "bin", "javac");
        String skipped = errorProne.isEmpty()
                ? "the nullaway profile is not active (it needs a JDK 22 or newer: -Pnullaway -Dnullaway.jdk=<home>)"
                : Files.isExecutable(javac) ? null : "no javac at " + javac + " (set -Dnullaway.jdk=<JDK 22+ home>)";
        if (skipped != null) {
            System.out.println("NullAwayCheckTest skipped: " + skipped);
        }
        assumeTrue(skipped == null, skipped);
    }

    @Test
    void failsOnNullReturnedFromNonNullMethod() throws Exception {
        Compilation compilation = compile("String");

        assertThat(compilation.exitCode()).as(compilation.output()).isNotZero();
        assertThat(compilation.output()).contains("Canary.java:7: error: " + NULL_RETURNED);
    }

    @Test
    void passesNullReturnedFromNullableMethod() throws Exception {
        Compilation compilation = compile("@Nullable String");

        assertThat(compilation.exitCode()).as(compilation.output()).isZero();
    }

    /** Compiles a class whose method {@code name()}, of the given return type, returns {@code null}. */
    private Compilation compile(String returnType) throws IOException, InterruptedException {
        Path source = work.resolve("canary/Canary.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, String.join("\n",
                "package canary;",
                "import org.jspecify.annotations.NullMarked;",
                "import org.jspecify.annotations.Nullable;",
                "@NullMarked",
                "public class Canary {",
                "    public " + returnType + " name() {",
                "        return null;",
                "    }",
                "}",
                ""));
        // The test class path holds JSpecify (id-core's dependency) and, from the profile, Error Prone and NullAway;
        // Surefire names it in surefire.test.class.path when java.class.path is its manifest-only jar.
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(javac.toString()));
        command.addAll(JAVAC_INTERNALS);
        command.addAll(List.of("--release", "17", "-encoding", "UTF-8", "-XDcompilePolicy=simple",
                "--should-stop=ifError=FLOW", "-d", work.resolve("classes").toString(), "-classpath", classPath,
                "-processorpath", classPath, errorProne, source.toString()));
        Process javacProcess = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(javacProcess.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(javacProcess.waitFor(5, TimeUnit.MINUTES)).as("javac finished").isTrue();
        return new Compilation(javacProcess.exitValue(), output);
    }

    private record Compilation(int exitCode, String output) {
    }
}
