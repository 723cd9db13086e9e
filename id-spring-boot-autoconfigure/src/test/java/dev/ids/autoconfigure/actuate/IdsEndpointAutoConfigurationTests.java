package dev.ids.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ids.DecodedId;
import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.IdGeneratorBuilderCustomizer;
import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.clock.ManualClock;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.sno.SnoGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class IdsEndpointAutoConfigurationTests {

    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class,
                    IdsEndpointAutoConfiguration.class))
            .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513");

    private final ApplicationContextRunner exposed = contextRunner
            .withPropertyValues("management.endpoints.web.exposure.include=ids");

    @Test
    void isAbsentUntilExposed() {
        contextRunner.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(IdsEndpoint.class).doesNotHaveBean(IdsEndpointWebExtension.class);
        });
    }

    @Test
    void webExposureAddsTheEndpointAndItsWebExtension() {
        exposed.run(context -> assertThat(context).hasSingleBean(IdsEndpoint.class)
                .hasSingleBean(IdsEndpointWebExtension.class));
    }

    @Test
    void jmxExposureAddsTheEndpointWithoutTheWebExtension() {
        contextRunner.withPropertyValues("spring.jmx.enabled=true", "management.endpoints.jmx.exposure.include=ids")
                .run(context -> assertThat(context).hasSingleBean(IdsEndpoint.class)
                        .doesNotHaveBean(IdsEndpointWebExtension.class));
    }

    @Test
    void accessNoneRemovesTheEndpoint() {
        exposed.withPropertyValues("management.endpoint.ids.access=NONE")
                .run(context -> assertThat(context).doesNotHaveBean(IdsEndpoint.class));
    }

    @Test
    void leavesTheEndpointOutWithoutTheActuator() {
        exposed.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate")).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(IdsEndpoint.class);
            assertThat(context).hasSingleBean(SnoGenerator.class);
        });
    }

    @Test
    void backsOffWhenTheApplicationDefinesTheEndpoint() {
        IdsEndpoint own = new IdsEndpoint(new IdGeneratorRegistry());
        exposed.withBean(IdsEndpoint.class, () -> own)
                .run(context -> assertThat(context).getBean(IdsEndpoint.class).isSameAs(own));
    }

    @Test
    void listsEveryGeneratorWithSettingsStateAndCounts() {
        ManualClock clock = ManualClock.at(START);
        exposed.withPropertyValues("ids.sno.sequence-min=0", "ids.sno.sequence-max=3")
                .withBean(IdGeneratorBuilderCustomizer.class, () -> (name, scheme, builder) -> builder.clock(clock))
                .run(context -> {
                    SnoGenerator sno = context.getBean(SnoGenerator.class);
                    for (int i = 0; i < 5; i++) {
                        sno.next(); // the fifth waits for the next 4 ms unit
                    }

                    IdsEndpoint.GeneratorsDescriptor generators = context.getBean(IdsEndpoint.class).generators();

                    assertThat(generators.generators()).extracting(IdsEndpoint.GeneratorDescriptor::name)
                            .containsExactly("gidGenerator", "lableIdGenerator", "muidGenerator", "snoGenerator",
                                    "traceIdGenerator");
                    IdsEndpoint.GeneratorDescriptor snoDescriptor = generators.generators().get(3);
                    assertThat(snoDescriptor.scheme()).isEqualTo("sno");
                    assertThat(snoDescriptor.settings())
                            .isEqualTo(Map.of("partition", 513, "sequenceMin", 0, "sequenceMax", 3));
                    assertThat(snoDescriptor.state()).isEqualTo("UP");
                    assertThat(snoDescriptor.problem()).isNull();
                    IdsEndpoint.CountsDescriptor counts = snoDescriptor.counts();
                    assertThat(counts.generated()).isEqualTo(5);
                    assertThat(counts.overflows()).isEqualTo(1);
                    assertThat(counts.regressions()).isZero();
                    assertThat(counts.refusals()).isZero();
                    assertThat(Duration.parse(counts.totalWait())).isPositive()
                            .isLessThanOrEqualTo(Duration.ofMillis(4));
                    assertThat(counts.lead()).isEqualTo("PT0S");
                    assertThat(generators.generators().get(4).settings()).containsEntry("nodeNo", 7);
                });
    }

    @Test
    void showsARefusingGeneratorDownWithTheProblem() {
        ManualClock clock = ManualClock.at(START);
        exposed.withPropertyValues("ids.lable.max-wait=0s")
                .withBean(IdGeneratorBuilderCustomizer.class, () -> (name, scheme, builder) -> builder.clock(clock))
                .run(context -> {
                    LableIdGenerator lable = context.getBean(LableIdGenerator.class);
                    for (int i = 0; i <= LableId.MAX_SEQUENCE; i++) {
                        lable.next();
                    }
                    clock.stepWallClock(Duration.ofHours(-1));
                    assertThat(catchThrowable(lable::next)).isInstanceOf(IdGenerationException.class);

                    IdsEndpoint.GeneratorDescriptor descriptor = context.getBean(IdsEndpoint.class).generators()
                            .generators().stream().filter(generator -> generator.name().equals("lableIdGenerator"))
                            .findFirst().orElseThrow();
                    assertThat(descriptor.state()).isEqualTo("DOWN");
                    assertThat(descriptor.problem()).contains("maximum wait");
                    assertThat(descriptor.counts().refusals()).isEqualTo(1);
                    assertThat(descriptor.counts().regressions()).isEqualTo(1);
                });
    }

    @Test
    void decodesAnIdOfAnyScheme() {
        exposed.run(context -> {
            DecodedId decoded = context.getBean(IdsEndpoint.class).decode("sno", "2222222422222222");
            assertThat(decoded.scheme()).isEqualTo("sno");
            assertThat(decoded.canonical()).isEqualTo("2222222422222222");
            assertThat(decoded.hex()).isEqualTo("00000000020000000000");
            assertThat(decoded.timestamp()).isEqualTo(Instant.parse("2010-01-01T00:00:00.004Z"));
            Map<String, Object> components = new LinkedHashMap<>();
            components.put("units", 1L);
            components.put("tickTock", 0L);
            components.put("metabyte", 0L);
            components.put("partition", 0L);
            components.put("sequence", 0L);
            assertThat(decoded.components()).containsExactlyEntriesOf(components);
        });
    }

    @Test
    void rejectsAnInvalidIdOrUnknownSchemeAsABadRequestNamingTheInput() {
        exposed.run(context -> {
            IdsEndpoint endpoint = context.getBean(IdsEndpoint.class);
            assertThat(catchThrowableOfType(InvalidEndpointRequestException.class,
                    () -> endpoint.decode("sno", "BAD")).getReason()).contains("'BAD'");
            assertThat(catchThrowableOfType(InvalidEndpointRequestException.class,
                    () -> endpoint.decode("nosuch", "1")).getReason()).contains("'nosuch'").contains("sno");
        });
    }

    @Test
    void webExtensionAnswersAnInvalidIdWithStatus400AndTheInputAndError() {
        exposed.run(context -> {
            WebEndpointResponse<Object> response = context.getBean(IdsEndpointWebExtension.class)
                    .decode("sno", "BAD");
            assertThat(response.getStatus()).isEqualTo(400);
            assertThat(response.getBody()).asInstanceOf(InstanceOfAssertFactories.MAP)
                    .containsEntry("input", "BAD").extractingByKey("error").asString().contains("Invalid sno 'BAD'");

            WebEndpointResponse<Object> valid = context.getBean(IdsEndpointWebExtension.class)
                    .decode("sno", "2222222422222222");
            assertThat(valid.getStatus()).isEqualTo(200);
            assertThat(valid.getBody()).isInstanceOf(DecodedId.class);
        });
    }

    @Test
    void decodesAnIdOfUnknownSchemeAsEverySchemeThatAcceptsIt() {
        exposed.run(context -> {
            IdsEndpoint endpoint = context.getBean(IdsEndpoint.class);
            // 16 digits from 2-9: a sno in base32 and a TraceId in decimal at once
            IdsEndpoint.CandidatesDescriptor candidates = endpoint.decodeAnyScheme("2222222422222222");

            assertThat(candidates.input()).isEqualTo("2222222422222222");
            assertThat(candidates.matches()).extracting(DecodedId::scheme).containsExactly("trace-id", "sno");
            assertThat(candidates.matches().get(0).canonical()).isEqualTo("2222222422222222");
            assertThat(candidates.matches().get(0).components()).containsEntry("counter", 2222222422222222L & 0x3FF);
            assertThat(candidates.matches().get(1).hex()).isEqualTo("00000000020000000000");
            assertThat(candidates.rejected()).containsOnlyKeys("lable", "gid", "muid");
            assertThat(candidates.rejected().get("lable")).contains("2222222422222222");
        });
    }

    @Test
    void endpointRefusesTextNoSchemeAcceptsNamingTheInput() {
        exposed.run(context -> assertThat(catchThrowableOfType(InvalidEndpointRequestException.class,
                () -> context.getBean(IdsEndpoint.class).decodeAnyScheme("??")).getReason())
                .startsWith("'??' is not an ID of any scheme (trace-id, lable, gid, sno, muid): trace-id: "));
    }

    @Test
    void decodesAMuidWithoutItsSchemeAsAMuidOnly() {
        exposed.run(context -> {
            IdsEndpoint.CandidatesDescriptor candidates = context.getBean(IdsEndpoint.class)
                    .decodeAnyScheme("5D5EAC793E61F-1BFC71B112D-00000001");

            assertThat(candidates.matches()).singleElement().satisfies(match -> {
                assertThat(match.scheme()).isEqualTo("muid");
                assertThat(match.components()).containsEntry("medallion", 0x1BFC71B112DL).containsEntry("offset", 1L);
                assertThat(match.layout()).extracting(DecodedId.Field::bits).containsExactly(52, 44, 32);
            });
        });
    }

    @Test
    void webExtensionAnswersTextNoSchemeAcceptsWithStatus400AndEachSchemesReason() {
        exposed.run(context -> {
            WebEndpointResponse<Object> response = context.getBean(IdsEndpointWebExtension.class)
                    .decodeAnyScheme("not-an-id");

            assertThat(response.getStatus()).isEqualTo(400);
            assertThat(response.getBody()).asInstanceOf(InstanceOfAssertFactories.MAP)
                    .containsEntry("input", "not-an-id").extractingByKey("error").asString()
                    .contains("'not-an-id' is not an ID of any scheme").contains("trace-id: ").contains("lable: ")
                    .contains("gid: ").contains("sno: ").contains("muid: ");
            assertThat(response.getBody()).asInstanceOf(InstanceOfAssertFactories.MAP).extractingByKey("rejected")
                    .asInstanceOf(InstanceOfAssertFactories.MAP)
                    .containsOnlyKeys("trace-id", "lable", "gid", "sno", "muid")
                    .extractingByKey("gid").asString().contains("'not-an-id'");
        });
    }
}
