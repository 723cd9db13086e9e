package dev.ids.autoconfigure.aot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.GeneratedFiles.Kind;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.javapoet.ClassName;

/**
 * The generators' auto-configuration through Spring's ahead-of-time processing, as {@code process-aot} runs it: the
 * bean definitions, including the named generators {@code NamedIdGeneratorsRegistrar} adds, must be writable as code
 * (an instance supplier is not: "instance supplier is not supported").
 */
class AheadOfTimeProcessingTests {

    @Test
    void namedGeneratorsAreProcessedAheadOfTimeIntoCode() throws Exception {
        GenericApplicationContext context = new GenericApplicationContext();
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test", Map.of(
                "ids.node.provider", "static", "ids.sno.partition", "5", "ids.sno.named.payments.partition", "6",
                "ids.trace-id.node-no", "1", "ids.trace-id.named.audit.node-no", "2", "ids.lable.generator-id", "1")));
        AnnotationConfigUtils.registerAnnotationConfigProcessors(context);
        context.registerBean(IdGeneratorsAutoConfiguration.class);
        InMemoryGeneratedFiles files = new InMemoryGeneratedFiles();
        DefaultGenerationContext generation = new DefaultGenerationContext(
                new ClassNameGenerator(ClassName.get("dev.ids.aot", "Test")), files);
        new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
        generation.writeGeneratedContent();
        StringBuilder code = new StringBuilder();
        for (String path : files.getGeneratedFiles(Kind.SOURCE).keySet()) {
            code.append(files.getGeneratedFileContent(Kind.SOURCE, path));
        }
        assertThat(code).contains("\"paymentsSnoGenerator\"", "\"auditTraceIdGenerator\"", "IdScheme.SNO");
    }
}
