package dev.ids.autoconfigure.aot;

import java.util.Map;
import java.util.TreeMap;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.GeneratedFiles.Kind;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.javapoet.ClassName;

/**
 * Spring's ahead-of-time processing of an application context, as {@code process-aot} runs it: the generated
 * sources and classes, and the runtime hints every contributor registered (the bean registrations, Spring Data's
 * managed types, the {@code RuntimeHintsRegistrar}s of {@code aot.factories}, ours among them).
 *
 * @param sources the generated Java sources by path
 * @param classes the generated class files by path (Spring Data generates some as bytecode)
 * @param hints the runtime hints a native image of the application would be built with
 * @param initializer the generated {@code ApplicationContextInitializer} that recreates the bean definitions
 */
record AotProcessing(Map<String, String> sources, Map<String, byte[]> classes, RuntimeHints hints,
        ClassName initializer) {

    /** Processes the context, which must not have been refreshed; the processing refreshes it for AOT. */
    static AotProcessing of(GenericApplicationContext context) throws Exception {
        InMemoryGeneratedFiles files = new InMemoryGeneratedFiles();
        DefaultGenerationContext generation = new DefaultGenerationContext(
                new ClassNameGenerator(ClassName.get("dev.ids.aot", "Test")), files);
        ClassName initializer = new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
        generation.writeGeneratedContent();
        Map<String, String> sources = new TreeMap<>();
        for (String path : files.getGeneratedFiles(Kind.SOURCE).keySet()) {
            sources.put(path, files.getGeneratedFileContent(Kind.SOURCE, path));
        }
        Map<String, byte[]> classes = new TreeMap<>();
        for (var entry : files.getGeneratedFiles(Kind.CLASS).entrySet()) {
            try (var in = entry.getValue().getInputStream()) {
                classes.put(entry.getKey(), in.readAllBytes());
            }
        }
        return new AotProcessing(sources, classes, generation.getRuntimeHints(), initializer);
    }

    /** All generated sources, one after the other. */
    String code() {
        return String.join("\n", sources.values());
    }
}
