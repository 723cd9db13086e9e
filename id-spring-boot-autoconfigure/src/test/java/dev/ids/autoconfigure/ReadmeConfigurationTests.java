package dev.ids.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

/** Boots the auto-configuration with the {@code application.yml} the README shows, so the README cannot drift. */
class ReadmeConfigurationTests {

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class));

    @Test
    void readmeYamlGivesTheGeneratorsItDescribes() throws Exception {
        List<PropertySource<?>> yaml = new YamlPropertySourceLoader().load("README.md",
                new ByteArrayResource(readmeYaml().getBytes(StandardCharsets.UTF_8)));

        contextRunner.withInitializer(context -> yaml.forEach(context.getEnvironment().getPropertySources()::addFirst))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(TraceIdGenerator.class).nodeNo()).isEqualTo(7);
                    assertThat(context.getBean(LableIdGenerator.class).generatorId()).isEqualTo(5);
                    assertThat(context.getBean(LableIdGenerator.class).mode()).isEqualTo(LableMode.TIME_SEQUENTIAL);
                    assertThat(context.getBean(SnoGenerator.class).partition()).isEqualTo(513);
                    assertThat(context.getBean("paymentsSnoGenerator", SnoGenerator.class).partition())
                            .isEqualTo(514);
                    assertThat(context.getBean(GidGenerator.class).type()).isEqualTo(GidType.LOG);
                    assertThat(context.getBean(MuidGenerator.class).medallion()).isEqualTo(1923190821165L);
                });
    }

    private static String readmeYaml() throws Exception {
        Path readme = Paths.get("").toAbsolutePath().getParent().resolve("README.md");
        String text = Files.readString(readme);
        int start = text.indexOf("```yaml\nids:");
        assertThat(start).as("the README's application.yml block").isNotNegative();
        int end = text.indexOf("```", start + 7);
        return text.substring(start + "```yaml\n".length(), end);
    }
}
