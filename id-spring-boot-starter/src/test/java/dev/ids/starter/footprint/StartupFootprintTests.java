package dev.ids.starter.footprint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.starter.footprint.plain.PlainApplication;
import dev.ids.starter.footprint.sno.SnoApplication;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the starter costs a Boot application with JPA at start-up, in classes loaded: the same application started
 * in child JVMs on the starter's test class path with and without the ids modules, once with its entity numbered by
 * a database sequence and once by {@code @GeneratedValue(generator = "sno")}. Class counts do not depend on the
 * machine's load, so they are asserted; the start-up times are printed only (BENCHMARKS.md reads them).
 */
class StartupFootprintTests {

    /** The ids modules, as reactor directories or jars: what "without the starter" leaves out. */
    private static final List<String> IDS_MODULES = List.of("id-core", "id-spring-boot-autoconfigure",
            "id-hibernate", "id-zookeeper", "id-r2dbc");

    /**
     * Packages of XML parsing and binding machinery: the JAXB runtime, the StAX and SAX parsers, Hibernate's
     * mapping-file binder (not the plain objects a mapping document is bound to). The application without the
     * starter loads a few of their classes already (Hibernate's bootstrap prepares its binder); the starter must add
     * none.
     */
    private static final List<String> XML_MACHINERY = List.of("org.glassfish.jaxb.", "jakarta.xml.bind.",
            "com.sun.org.apache.xerces.", "com.sun.xml.", "javax.xml.", "com.ctc.wstx.", "org.hibernate.boot.xsd.",
            "org.hibernate.boot.jaxb.internal.", "org.hibernate.boot.xml.");

    @TempDir
    Path logs;

    @Test
    void theStarterStaysWithinItsClassBudgetAndLoadsNoXmlMachinery() throws Exception {
        // -Dids.footprint.rounds=N starts each application N times, alternating, for the start-up times that
        // BENCHMARKS.md reports (median of the rounds); the class counts are the same in every round.
        int rounds = Integer.getInteger("ids.footprint.rounds", 1);
        List<Run> without = new ArrayList<>();
        List<Run> with = new ArrayList<>();
        List<Run> sno = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            without.add(start(PlainApplication.class, false, round));
            with.add(start(PlainApplication.class, true, round));
            sno.add(start(SnoApplication.class, true, round));
        }
        long base = without.get(0).classes;
        System.out.printf("Startup footprint (%d round(s), median start-up; classes but the JVM's method-handle "
                + "forms, all classes in brackets): without the starter %d [%d] classes (%d ms); with it %d (+%d) "
                + "[+%d] (%d ms); with @GeneratedValue(generator = \"sno\") %d (+%d) [+%d] (%d ms)%n", rounds, base,
                without.get(0).totalClasses, median(without), with.get(0).classes, with.get(0).classes - base,
                with.get(0).totalClasses - without.get(0).totalClasses, median(with), sno.get(0).classes,
                sno.get(0).classes - base, sno.get(0).totalClasses - without.get(0).totalClasses, median(sno));
        assertThat(without.get(0).stored).startsWith("Note ");
        assertThat(sno.get(0).stored).matches("Note [0-9a-z]{16}");
        assertThat(with.get(0).classes - base).as("classes the starter adds").isLessThanOrEqualTo(316);
        assertThat(sno.get(0).classes - base).as("classes the starter adds with a sno id").isLessThanOrEqualTo(316);
        assertThat(beyond(sno.get(0), without.get(0))).as("XML machinery the starter adds with a sno id").isEmpty();
        assertThat(beyond(with.get(0), without.get(0))).as("XML machinery the starter adds").isEmpty();
    }

    /** The XML machinery's classes a run loaded that the application without the starter did not. */
    private static List<String> beyond(Run run, Run base) {
        return run.xmlClasses.stream().filter((name) -> !base.xmlClasses.contains(name)).limit(5).toList();
    }

    private static long median(List<Run> runs) {
        long[] millis = runs.stream().mapToLong(Run::millis).sorted().toArray();
        return millis[millis.length / 2];
    }

    private Run start(Class<?> application, boolean withStarter, int round) throws IOException, InterruptedException {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter((entry) -> withStarter || !isIdsModule(entry)).collect(Collectors.joining(File.pathSeparator));
        String name = application.getSimpleName() + "-" + withStarter + "-" + round;
        Path classLog = logs.resolve(name + ".classes");
        Path output = logs.resolve(name + ".out");
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + classLog, "-cp", classPath, application.getName())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("%s started and stopped in 2 minutes", application)
                .isTrue();
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(printed).isZero();
        Matcher line = Pattern.compile(FootprintMain.LINE
                + " classes=(\\d+) uptimeMillis=(\\d+) startMillis=(\\d+) stored=(.*)").matcher(printed);
        assertThat(line.find()).as(printed).isTrue();
        long countedAtMillis = Long.parseLong(line.group(2));
        List<String> xml = new ArrayList<>();
        long named = 0;
        for (String loaded : Files.readAllLines(classLog, StandardCharsets.UTF_8)) {
            // "[0.123s][info][class,load] java.lang.Object source: ...": the class name is the second field
            String[] fields = loaded.split(" ");
            if (fields.length < 2) {
                continue;
            }
            if (XML_MACHINERY.stream().anyMatch(fields[1]::startsWith) && !fields[1].contains("$$Lambda")) {
                xml.add(fields[1]);
            }
            // Loaded by the time the count was taken, and not one of the method-handle forms the JVM spins for
            // itself (java.lang.invoke.LambdaForm$MH and the like): their number varies from one machine to another
            // for the same code (the same commit counted 58 of them more with the starter here, fewer elsewhere).
            if (uptimeMillis(fields[0]) <= countedAtMillis && !fields[1].startsWith(JVM_INVOKE_FORMS)) {
                named++;
            }
        }
        return new Run(named, Long.parseLong(line.group(1)), Long.parseLong(line.group(3)), line.group(4).strip(),
                xml);
    }

    private static boolean isIdsModule(String entry) {
        Path path = Path.of(entry);
        for (String module : IDS_MODULES) {
            String file = path.getFileName().toString();
            if (file.startsWith(module + "-") && file.endsWith(".jar") || entry.contains(File.separator + module
                    + File.separator + "target" + File.separator)) {
                return true;
            }
        }
        return false;
    }

    /** The JVM's own method-handle forms, which it spins in numbers that differ between machines. */
    private static final String JVM_INVOKE_FORMS = "java.lang.invoke.LambdaForm$";

    /** The uptime decoration of a class-load line, {@code [0.123s][info][class,load]}, in milliseconds. */
    private static long uptimeMillis(String decorations) {
        int end = decorations.indexOf("s]");
        return end < 2 ? Long.MAX_VALUE : Math.round(Double.parseDouble(decorations.substring(1, end)) * 1000);
    }

    /**
     * One start: the classes loaded by the time the entity was stored, but the JVM's method-handle forms; all
     * classes loaded then, as the JVM counts them; the start-up time; what was stored; the XML machinery loaded.
     */
    private record Run(long classes, long totalClasses, long millis, String stored, List<String> xmlClasses) {
    }
}
