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
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ContextConsumer;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

/** Boots the auto-configuration with each {@code application.yml} the README shows, so the README cannot drift. */
class ReadmeConfigurationTests {

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class));

    @Test
    void readmeElevenLineYamlGivesTheNodeIdentitiesAndTheLableModeItSets() throws Exception {
        String yaml = readmeYaml(0);
        assertThat(yaml.lines()).as("the starter section's application.yml").hasSize(11);

        runWith(yaml, context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(TraceIdGenerator.class).nodeNo()).isEqualTo(7);
            assertThat(context.getBean(LableIdGenerator.class).generatorId()).isEqualTo(5);
            assertThat(context.getBean(LableIdGenerator.class).mode()).isEqualTo(LableMode.TIME_SEQUENTIAL);
            assertThat(context.getBean(SnoGenerator.class).partition()).isEqualTo(513);
            assertThat(context.getBean("paymentsSnoGenerator", SnoGenerator.class).partition()).isEqualTo(514);
            assertThat(context.getBean(GidGenerator.class).type()).isEqualTo(GidType.VOLUME);
            assertThat(context.getBean(MuidGenerator.class).medallion())
                    .isBetween(0x10000000000L, 0x1FFFFFFFFFFL);
        });
    }

    @Test
    void readmeLongerYamlGivesTheGeneratorsItDescribes() throws Exception {
        runWith(readmeYaml(1), context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(TraceIdGenerator.class).nodeNo()).isEqualTo(7);
            assertThat(context.getBean(LableIdGenerator.class).generatorId()).isEqualTo(5);
            assertThat(context.getBean(LableIdGenerator.class).mode()).isEqualTo(LableMode.TIME_SEQUENTIAL);
            assertThat(context.getBean(SnoGenerator.class).partition()).isEqualTo(513);
            assertThat(context.getBean("paymentsSnoGenerator", SnoGenerator.class).partition()).isEqualTo(514);
            assertThat(context.getBean(GidGenerator.class).type()).isEqualTo(GidType.LOG);
            assertThat(context.getBean(MuidGenerator.class).medallion()).isEqualTo(1923190821165L);
        });
    }

    private void runWith(String yaml, ContextConsumer<AssertableApplicationContext> assertions) throws Exception {
        List<PropertySource<?>> sources = new YamlPropertySourceLoader().load("README.md",
                new ByteArrayResource(yaml.getBytes(StandardCharsets.UTF_8)));
        contextRunner.withInitializer(
                context -> sources.forEach(context.getEnvironment().getPropertySources()::addFirst)).run(assertions);
    }

    /** The {@code index}-th {@code application.yml} block of the README (0: the starter section's). */
    private static String readmeYaml(int index) throws Exception {
        Path readme = Paths.get("").toAbsolutePath().getParent().resolve("README.md");
        String text = Files.readString(readme);
        int start = -1;
        for (int i = 0; i <= index; i++) {
            start = text.indexOf("```yaml\nids:", start + 1);
            assertThat(start).as("application.yml block %d of the README", index).isNotNegative();
        }
        int end = text.indexOf("```", start + 7);
        return text.substring(start + "```yaml\n".length(), end);
    }
}
