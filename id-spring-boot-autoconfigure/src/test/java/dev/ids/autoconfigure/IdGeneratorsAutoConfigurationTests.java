package dev.ids.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerator;
import dev.ids.clock.ManualClock;
import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.time.Instant;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ResolvableType;

class IdGeneratorsAutoConfigurationTests {

    @Test
    void aGeneratorWhoseSchemeIsSwitchedOffAtRunTimeOnlyIsRefusedNotMade() {
        // Run normally, the condition keeps the bean method from running; processed ahead of time, the method runs
        // whatever the property says at run time, and the switch is then refused instead of silently ignored.
        IdsProperties.Sno off = new IdsProperties().getSno();
        off.setEnabled(false);

        assertThatThrownBy(() -> IdGeneratorsAutoConfiguration.enabled("ids.sno", off))
                .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> {
                    assertThat(failure.getProperty()).isEqualTo("ids.sno.enabled");
                    assertThat(failure.getProblem()).contains("processed ahead of time (Spring AOT)");
                    assertThat(failure.getAction()).contains("Build the application again with ids.sno.enabled=false");
                });
        IdsProperties.Sno on = new IdsProperties().getSno();
        assertThat(IdGeneratorsAutoConfiguration.enabled("ids.sno", on)).isSameAs(on);
    }

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class));

    /** The node identities the three schemes that need one require. */
    private final ApplicationContextRunner configured = contextRunner.withPropertyValues("ids.trace-id.node-no=7",
            "ids.lable.generator-id=5", "ids.sno.partition=513");

    @Test
    void createsOneGeneratorPerSchemeFromTheProperties() {
        configured.withPropertyValues("ids.lable.cluster-id=3", "ids.lable.mode=time-sequential",
                "ids.gid.type=log", "ids.sno.sequence-min=100", "ids.sno.sequence-max=199",
                "ids.muid.medallion=1923190821165").run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(TraceIdGenerator.class).next().nodeNo()).isEqualTo(7);
                    LableId lable = context.getBean(LableIdGenerator.class).next();
                    assertThat(lable.generatorId()).isEqualTo(5);
                    assertThat(lable.clusterId()).isEqualTo(3);
                    assertThat(lable.mode()).isEqualTo(LableMode.TIME_SEQUENTIAL);
                    assertThat(context.getBean(GidGenerator.class).next().type()).isEqualTo(GidType.LOG);
                    Sno sno = context.getBean(SnoGenerator.class).next();
                    assertThat(sno.partition()).isEqualTo(513);
                    assertThat(sno.sequence()).isEqualTo(100);
                    assertThat(context.getBean(MuidGenerator.class).next().medallion()).isEqualTo(1923190821165L);
                });
    }

    @Test
    void generatorsAreInjectableByTheirGenericType() {
        configured.withUserConfiguration(GenericInjection.class).run(context -> {
            assertThat(context).hasNotFailed();
            GenericInjection injected = context.getBean(GenericInjection.class);
            assertThat(injected.traceIds.next()).isInstanceOf(TraceId.class);
            assertThat(injected.lableIds.next()).isInstanceOf(LableId.class);
            assertThat(injected.gids.next()).isInstanceOf(Gid.class);
            assertThat(injected.snos.next()).isInstanceOf(Sno.class);
            assertThat(injected.muids.next()).isInstanceOf(Muid.class);
        });
    }

    @Test
    void unsetSettingsTakeTheCoreDefaultsButLableIdsSortByTime() {
        configured.run(context -> {
            assertThat(context.getBean(LableIdGenerator.class).mode()).as("the starter's default, not the core's")
                    .isEqualTo(LableMode.TIME_SEQUENTIAL);
            assertThat(context.getBean(LableIdGenerator.class).clusterId()).isZero();
            assertThat(context.getBean(GidGenerator.class).type()).isEqualTo(GidType.VOLUME);
            assertThat(context.getBean(SnoGenerator.class).sequenceMin()).isZero();
            assertThat(context.getBean(SnoGenerator.class).sequenceMax()).isEqualTo(Sno.MAX_SEQUENCE);
            assertThat(context.getBean(MuidGenerator.class).isMedallionRandom()).isTrue();
        });
    }

    @Test
    void missingNodeIdentityFailsTheStartUpNamingTheProperty() {
        contextRunner.withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IdsConfigurationException.class)
                    .hasMessageContaining("ids.sno.partition is not set");
        });
    }

    @Test
    void disabledSchemeHasNoGeneratorAndNeedsNoIdentity() {
        contextRunner.withPropertyValues("ids.trace-id.enabled=false", "ids.lable.enabled=false",
                "ids.sno.enabled=false").run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(TraceIdGenerator.class)
                            .doesNotHaveBean(LableIdGenerator.class).doesNotHaveBean(SnoGenerator.class);
                    assertThat(context).hasSingleBean(GidGenerator.class).hasSingleBean(MuidGenerator.class);
                });
    }

    @Test
    void nodeIdentityProviderSuppliesWhatThePropertiesLeaveUnset() {
        contextRunner.withBean(NodeIdentityProvider.class, () -> request -> switch (request.scheme()) {
            case TRACE_ID -> OptionalLong.of(11);
            case LABLE -> OptionalLong.of(12);
            case SNO -> OptionalLong.of(13);
            default -> OptionalLong.empty();
        }).withPropertyValues("ids.sno.partition=99").run(context -> {
            assertThat(context.getBean(TraceIdGenerator.class).nodeNo()).isEqualTo(11);
            assertThat(context.getBean(LableIdGenerator.class).generatorId()).isEqualTo(12);
            assertThat(context.getBean(SnoGenerator.class).partition()).as("a property wins").isEqualTo(99);
            assertThat(context.getBean(MuidGenerator.class).isMedallionRandom()).isTrue();
        });
    }

    @Test
    void providerAnswerOutsideTheRangeFailsTheStartUp() {
        configured.withPropertyValues("ids.lable.generator-id=").withBean(NodeIdentityProvider.class,
                () -> request -> OptionalLong.of(64)).run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause()
                            .hasMessageContaining("ids.lable.generator-id = 64").hasMessageContaining("[0, 63]");
                });
    }

    @Test
    void backsOffWhenTheApplicationDefinesAGenerator() {
        SnoGenerator own = SnoGenerator.builder().partition(1000).build();
        contextRunner.withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5")
                .withBean("mySnoGenerator", SnoGenerator.class, () -> own).run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).getBean(SnoGenerator.class).isSameAs(own);
                });
    }

    @Test
    void backsOffWhenTheApplicationDefinesAnIdGeneratorOfTheSameIdType() {
        contextRunner.withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5")
                .withUserConfiguration(OwnSnoGenerator.class).run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(SnoGenerator.class);
                    assertThat(context.getBeanProvider(ResolvableType.forClassWithGenerics(IdGenerator.class,
                            Sno.class)).getObject()).isSameAs(context.getBean("ownSnos"));
                });
    }

    @Test
    void namedGeneratorsAreInjectedByQualifierAndLeaveTheDefaultAlone() {
        configured.withPropertyValues("ids.sno.named.payments.partition=2", "ids.sno.named.refunds.partition=3",
                "ids.gid.named.logs.type=log").withUserConfiguration(QualifiedInjection.class).run(context -> {
                    assertThat(context).hasNotFailed();
                    QualifiedInjection injected = context.getBean(QualifiedInjection.class);
                    assertThat(injected.payments.next().partition()).isEqualTo(2);
                    assertThat(injected.refunds.next().partition()).isEqualTo(3);
                    assertThat(injected.snos.next().partition()).isEqualTo(513);
                    assertThat(injected.logs.next().type()).isEqualTo(GidType.LOG);
                    assertThat(context).getBean("paymentsSnoGenerator").isSameAs(injected.payments);
                });
    }

    @Test
    void namedGeneratorNeedsItsOwnNodeIdentity() {
        configured.withPropertyValues("ids.sno.named.payments.max-wait=1s").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .hasMessageContaining("ids.sno.named.payments.partition is not set");
        });
    }

    @Test
    void customizersSeeEveryGeneratorBeforeItIsBuilt() {
        ManualClock clock = ManualClock.at(Instant.parse("2030-01-01T00:00:00Z"));
        configured.withBean(IdGeneratorBuilderCustomizer.class, () -> (name, scheme, builder) -> builder.clock(clock))
                .run(context -> {
                    assertThat(context.getBean(SnoGenerator.class).next().timestamp())
                            .isEqualTo(Instant.parse("2030-01-01T00:00:00Z"));
                    assertThat(context.getBean(GidGenerator.class).next().timestamp())
                            .isEqualTo(Instant.parse("2030-01-01T00:00:00Z"));
                });
    }

    @Test
    void customizerIsToldTheBeanNameAndScheme() {
        java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        configured.withPropertyValues("ids.sno.named.payments.partition=2")
                .withBean(IdGeneratorBuilderCustomizer.class, () -> (name, scheme, builder) -> seen.add(
                        scheme.schemeName() + ":" + name))
                .run(context -> {
                    context.getBean("paymentsSnoGenerator");
                    assertThat(seen).contains("trace-id:traceIdGenerator", "lable:lableIdGenerator",
                            "gid:gidGenerator", "sno:snoGenerator", "muid:muidGenerator",
                            "sno:paymentsSnoGenerator");
                });
    }

    @Test
    void gidRandomAlgorithmIsOnePerThreadFromTheJdk() {
        configured.withPropertyValues("ids.gid.random-algorithm=DRBG").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(GidGenerator.class).next()).isNotEqualTo(
                    context.getBean(GidGenerator.class).next());
        });
    }

    @Test
    void unknownGidRandomAlgorithmFailsListingTheKnownOnes() {
        configured.withPropertyValues("ids.gid.random-algorithm=NoSuchRandom").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOfSatisfying(
                    IdsConfigurationException.class, failure -> {
                        assertThat(failure.getProperty()).isEqualTo("ids.gid.random-algorithm");
                        assertThat(failure.getAction()).contains("DRBG");
                    });
        });
    }

    @Test
    void registryHoldsEveryGeneratorWithItsCountedEvents() {
        ManualClock clock = ManualClock.at(Instant.parse("2030-01-01T00:00:00Z"));
        configured.withPropertyValues("ids.sno.named.payments.partition=2", "ids.lable.max-wait=0s")
                .withBean(IdGeneratorBuilderCustomizer.class, () -> (name, scheme, builder) -> builder.clock(clock))
                .run(context -> {
                    context.getBean("paymentsSnoGenerator");
                    IdGeneratorRegistry registry = context.getBean(IdGeneratorRegistry.class);
                    assertThat(registry.registrations()).extracting(IdGeneratorRegistry.Registration::name)
                            .containsExactly("gidGenerator", "lableIdGenerator", "muidGenerator",
                                    "paymentsSnoGenerator", "snoGenerator", "traceIdGenerator");
                    LableIdGenerator lable = context.getBean(LableIdGenerator.class);
                    IdGeneratorStatistics statistics = registry.registrations().stream()
                            .filter(registration -> registration.generator() == lable).findFirst().orElseThrow()
                            .statistics();

                    for (int i = 0; i < 64; i++) {
                        lable.next();
                    }
                    clock.stepWallClock(java.time.Duration.ofMillis(-5));
                    assertThat(org.assertj.core.api.Assertions.catchThrowable(lable::next))
                            .isInstanceOf(dev.ids.IdGenerationException.class);

                    assertThat(statistics.regressionCount()).isEqualTo(1);
                    assertThat(statistics.totalRegression()).isEqualTo(java.time.Duration.ofMillis(5));
                    assertThat(statistics.refusalCount()).isEqualTo(1);
                    assertThat(statistics.currentProblem()).hasValueSatisfying(problem ->
                            assertThat(problem).contains("maximum wait"));

                    clock.advance(java.time.Duration.ofMillis(10));
                    lable.next();
                    assertThat(statistics.currentProblem()).as("recovered").isEmpty();
                });
    }

    @Test
    void customizersListenerStillHearsEventsBesideTheStatistics() {
        ManualClock clock = ManualClock.at(Instant.parse("2030-01-01T00:00:00Z"));
        java.util.List<java.time.Duration> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        configured.withBean(IdGeneratorBuilderCustomizer.class, () -> (name, scheme, builder) -> builder.clock(clock)
                .listener(new dev.ids.event.IdGeneratorListener() {
                    @Override
                    public void onClockRegression(java.time.Duration backwards) {
                        heard.add(backwards);
                    }
                })).run(context -> {
                    GidGenerator gid = context.getBean(GidGenerator.class);
                    gid.next();
                    clock.stepWallClock(java.time.Duration.ofMillis(-7));
                    gid.next();
                    assertThat(heard).containsExactly(java.time.Duration.ofMillis(7));
                    assertThat(context.getBean(IdGeneratorRegistry.class).registrations().stream()
                            .filter(registration -> registration.name().equals("gidGenerator")).findFirst()
                            .orElseThrow().statistics().regressionCount()).isEqualTo(1);
                });
    }

    @Test
    void twoGeneratorsWithOneNodeIdentityFailTheStartUpNamingBoth() {
        configured.withPropertyValues("ids.sno.named.payments.partition=513").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOfSatisfying(IdsConfigurationException.class,
                    failure -> assertThat(failure.getProblem()).contains("paymentsSnoGenerator")
                            .contains("snoGenerator").contains("same IDs"));
        });
    }

    @Test
    void generatorsSharingAPartitionWithDisjointSequencePoolsAreFine() {
        configured.withPropertyValues("ids.sno.sequence-max=32767", "ids.sno.named.upper.partition=513",
                "ids.sno.named.upper.sequence-min=32768").run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void providerGivingEveryGeneratorTheSameIdentityFailsTheStartUp() {
        contextRunner.withPropertyValues("ids.trace-id.enabled=false", "ids.lable.enabled=false",
                "ids.sno.named.a.max-wait=1s").withBean(NodeIdentityProvider.class, () -> request -> OptionalLong.of(3))
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("would share its node identity");
                });
    }

    @Test
    void applicationGeneratorIsReportedAndCheckedAgainstTheStartersOnes() {
        configured.withPropertyValues("ids.sno.enabled=false")
                .withBean("ownSnos", SnoGenerator.class, () -> SnoGenerator.builder().partition(9).build())
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(IdGeneratorRegistry.class).registrations())
                            .extracting(IdGeneratorRegistry.Registration::name).contains("ownSnos");
                });
        configured.withPropertyValues("ids.sno.named.payments.partition=9")
                .withBean("ownSnos", SnoGenerator.class, () -> SnoGenerator.builder().partition(9).build())
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("ownSnos")
                            .hasMessageContaining("paymentsSnoGenerator");
                });
    }

    @Test
    void lazyInitializationStillFailsTheStartUpOnBadConfiguration() {
        contextRunner.withPropertyValues("ids.sno.partition=70000", "ids.sno.named.payments.partition=70001")
                .withInitializer(context -> context.addBeanFactoryPostProcessor(
                        new org.springframework.boot.LazyInitializationBeanFactoryPostProcessor()))
                .run(context -> assertThat(context).hasFailed());
    }

    @Test
    void childContextDoesNotMakeTheParentsNamedGeneratorsAgain() {
        configured.withPropertyValues("ids.sno.named.payments.partition=2").run(parent -> {
            new ApplicationContextRunner().withParent(parent)
                    .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                    .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513",
                            "ids.sno.named.payments.partition=2")
                    .run(child -> {
                        assertThat(child).hasNotFailed();
                        assertThat(child.getBean("paymentsSnoGenerator"))
                                .isSameAs(parent.getBean("paymentsSnoGenerator"));
                    });
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class GenericInjection {

        @Autowired
        IdGenerator<TraceId> traceIds;

        @Autowired
        IdGenerator<LableId> lableIds;

        @Autowired
        IdGenerator<Gid> gids;

        @Autowired
        IdGenerator<Sno> snos;

        @Autowired
        IdGenerator<Muid> muids;
    }

    @Configuration(proxyBeanMethods = false)
    static class QualifiedInjection {

        @Autowired
        @Qualifier("payments")
        IdGenerator<Sno> payments;

        @Autowired
        @Qualifier("refunds")
        SnoGenerator refunds;

        @Autowired
        IdGenerator<Sno> snos;

        @Autowired
        @Qualifier("logs")
        IdGenerator<Gid> logs;
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnSnoGenerator {

        @Bean
        IdGenerator<Sno> ownSnos() {
            SnoGenerator delegate = SnoGenerator.builder().partition(77).build();
            return delegate::next;
        }
    }

}
