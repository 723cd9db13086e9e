package dev.ids.autoconfigure.data.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.GidAsUuid;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.SnoAsValue;
import dev.ids.gid.Gid;
import dev.ids.hibernate.GeneratedSno;
import dev.ids.hibernate.GeneratedTraceId;
import dev.ids.hibernate.IdsGeneratorNames;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import jakarta.persistence.GeneratedValue;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.convert.JdbcCustomConversions;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.core.dialect.JdbcMariaDbDialect;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;
import org.springframework.data.relational.RelationalManagedTypes;
import org.springframework.data.relational.core.sql.IdentifierProcessing;

class IdsDataJdbcAutoConfigurationTests {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    JdbcTemplateAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
                    DataJdbcRepositoriesAutoConfiguration.class, IdGeneratorsAutoConfiguration.class,
                    IdsDataJdbcAutoConfiguration.class))
            .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513")
            .withPropertyValues("spring.datasource.url=jdbc:h2:mem:ids-data-jdbc-" + DATABASES.incrementAndGet()
                    + ";DB_CLOSE_DELAY=-1")
            // Spring Boot scans the application's packages for aggregates: here one that has none, so that each
            // test names its aggregates with a RelationalManagedTypes bean.
            .withInitializer((context) -> AutoConfigurationPackages.register(
                    (BeanDefinitionRegistry) context.getBeanFactory(), "dev.ids.autoconfigure.data.jdbc.none"));

    @Test
    void storesTheValueTypesInJpasColumnFormsOnH2() {
        contextRunner.run((context) -> {
            assertThat(context).hasSingleBean(IdsBeforeConvertCallback.class);
            JdbcCustomConversions conversions = context.getBean(JdbcCustomConversions.class);
            assertThat(conversions.getCustomWriteTarget(TraceId.class)).contains(Long.class);
            assertThat(conversions.getCustomWriteTarget(LableId.class)).contains(Long.class);
            assertThat(conversions.getCustomWriteTarget(Sno.class)).contains(byte[].class);
            assertThat(conversions.getCustomWriteTarget(Gid.class)).contains(UUID.class);
            assertThat(conversions.getCustomWriteTarget(Muid.class)).contains(UUID.class);
            assertThat(conversions.hasCustomReadTarget(byte[].class, Sno.class)).isTrue();
            assertThat(conversions.hasCustomReadTarget(UUID.class, Gid.class)).isTrue();
        });
    }

    @Test
    void storesGidsAndMuidsAsBytesWhereTheUuidTypeDoesNotSortByBytes() {
        contextRunner.withBean(JdbcDialect.class, IdsDataJdbcAutoConfigurationTests::mariaDb).run((context) -> {
            JdbcCustomConversions conversions = context.getBean(JdbcCustomConversions.class);
            assertThat(conversions.getCustomWriteTarget(Gid.class)).contains(byte[].class);
            assertThat(conversions.getCustomWriteTarget(Muid.class)).contains(byte[].class);
            assertThat(conversions.hasCustomReadTarget(byte[].class, Muid.class)).isTrue();
        });
    }

    @Test
    void backsOffWithoutSpringDataJdbc() {
        contextRunner.withClassLoader(new FilteredClassLoader(AbstractJdbcConfiguration.class)).run((context) -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(IdsBeforeConvertCallback.class);
            assertThat(context).doesNotHaveBean(JdbcCustomConversions.class);
        });
    }

    @Test
    void convertsWithoutGeneratingWhenIdHibernateIsMissing() {
        contextRunner.withClassLoader(new FilteredClassLoader(IdsGeneratorNames.class)).run((context) -> {
            assertThat(context).doesNotHaveBean(IdsBeforeConvertCallback.class);
            assertThat(context.getBean(JdbcCustomConversions.class).getCustomWriteTarget(Sno.class))
                    .contains(byte[].class);
        });
    }

    @Test
    void backsOffWhenTheApplicationDefinesItsConversions() {
        contextRunner.withUserConfiguration(OwnConversions.class).run((context) -> {
            assertThat(context).getBean(JdbcCustomConversions.class).isSameAs(OwnConversions.CONVERSIONS);
        });
    }

    @Test
    void aMissingGeneratorFailsTheStartUpNamingTheProperty() {
        contextRunner.withBean(RelationalManagedTypes.class, () -> RelationalManagedTypes.from(SnoAsValue.class))
                .withPropertyValues("ids.sno.enabled=false").run((context) -> {
                    assertThat(failure(context))
                            .isInstanceOfSatisfying(IdsConfigurationException.class, (failure) -> {
                                assertThat(failure.getProperty()).isEqualTo("ids.sno.enabled");
                                assertThat(failure.getProblem()).contains("SnoAsValue.id", "@GeneratedSno");
                                assertThat(failure.getAction()).as("also where a test slice left it out")
                                        .contains("in a test slice (@DataJpaTest, @DataJdbcTest)")
                                        .contains("import IdGeneratorsAutoConfiguration with ids.node.provider=static");
                            });
                });
    }

    @Test
    void anUnknownNamedGeneratorFailsTheStartUpNamingTheProperty() {
        contextRunner.withBean(RelationalManagedTypes.class, () -> RelationalManagedTypes.from(Refund.class))
                .withPropertyValues("ids.sno.named.payments.partition=2").run((context) -> {
                    assertThat(failure(context))
                            .isInstanceOfSatisfying(IdsConfigurationException.class, (failure) -> {
                                assertThat(failure.getProperty()).isEqualTo("ids.sno.named.refunds");
                                assertThat(failure.getProblem()).contains("Refund.id", "paymentsSnoGenerator");
                            });
                });
    }

    @Test
    void aGeneratorThatIsNotASingletonFailsTheStartUp() {
        contextRunner.withBean(RelationalManagedTypes.class, () -> RelationalManagedTypes.from(SnoAsValue.class))
                .withBean("ownSnos", SnoGenerator.class, () -> SnoGenerator.builder().partition(9).build(),
                        (definition) -> definition.setScope(BeanDefinition.SCOPE_PROTOTYPE))
                .run((context) -> assertThat(failure(context))
                        .isInstanceOfSatisfying(IdsConfigurationException.class, (failure) -> {
                            assertThat(failure.getProperty()).isEqualTo("bean ownSnos");
                            assertThat(failure.getProblem()).contains("SnoAsValue.id", "not a singleton");
                        }));
    }

    @Test
    void aMisspeltGeneratorNameFailsTheStartUp() {
        contextRunner.withBean(RelationalManagedTypes.class, () -> RelationalManagedTypes.from(Misspelt.class))
                .run((context) -> assertThat(failure(context))
                        .hasMessageContaining("Misspelt.id").hasMessageContaining("'snoo'")
                        .hasMessageContaining("did you mean \"sno\""));
        contextRunner.withBean(RelationalManagedTypes.class, () -> RelationalManagedTypes.from(Misspelt.class))
                .run((context) -> assertThat(analysis(context)).satisfies(analysis -> {
                    assertThat(analysis.getDescription()).contains("Attribute: ").contains("Misspelt.id");
                    assertThat(analysis.getAction()).contains("@GeneratedValue(generator = \"sno\")");
                }));
    }

    @Test
    void aTypeThatCannotHoldTheSchemeFailsTheStartUp() {
        contextRunner.withBean(RelationalManagedTypes.class, () -> RelationalManagedTypes.from(TraceIdAsBytes.class))
                .run((context) -> assertThat(failure(context))
                        .hasMessageContaining("TraceIdAsBytes.id of type [B cannot hold a trace-id")
                        .hasMessageContaining("Long, long, String, dev.ids.traceid.TraceId"));
        contextRunner.withBean(RelationalManagedTypes.class, () -> RelationalManagedTypes.from(TraceIdAsBytes.class))
                .run((context) -> assertThat(analysis(context).getAction())
                        .startsWith("Declare TraceIdAsBytes.id as one of ").contains("dev.ids.traceid.TraceId"));
    }

    @Test
    void aUuidIdIsRefusedWhereTheUuidTypeDoesNotSortByBytes() {
        contextRunner.withBean(RelationalManagedTypes.class, () -> RelationalManagedTypes.from(GidAsUuid.class))
                .withBean(JdbcDialect.class, IdsDataJdbcAutoConfigurationTests::mariaDb)
                .run((context) -> assertThat(failure(context))
                        .hasMessageContaining("GidAsUuid.id stores a gid as java.util.UUID")
                        .hasMessageContaining("Declare the ID as Gid"));
    }

    @Test
    void aUuidIdIsAcceptedWhereTheUuidTypeSortsByBytes() {
        contextRunner.withBean(RelationalManagedTypes.class, () -> RelationalManagedTypes.from(GidAsUuid.class))
                .run((context) -> assertThat(context).hasNotFailed());
    }

    /** The MariaDB dialect, in place of the H2 database's own, for what depends only on the dialect. */
    private static JdbcDialect mariaDb() {
        return new JdbcMariaDbDialect(IdentifierProcessing.ANSI);
    }

    /** The exception that failed the start-up, unwrapped from Spring's bean creation exceptions. */
    /** The report Boot prints for the start-up failure, by the failure analyzers of {@code spring.factories}. */
    private static FailureAnalysis analysis(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        // The analyzers that need no constructor arguments, ours among them
        return SpringFactoriesLoader.forDefaultResourceLocation()
                .load(FailureAnalyzer.class, (type, implementation, failure) -> { }).stream()
                .map(analyzer -> analyzer.analyze(context.getStartupFailure())).filter(Objects::nonNull).findFirst()
                .orElseThrow(() -> new AssertionError("No failure analysis of " + context.getStartupFailure()));
    }

    private static Throwable failure(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        return NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure());
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnConversions {

        static final JdbcCustomConversions CONVERSIONS = new JdbcCustomConversions();

        @Bean
        JdbcCustomConversions ownConversions() {
            return CONVERSIONS;
        }
    }

    static class Refund {

        @Id
        @GeneratedSno(name = "refunds")
        Sno id;
    }

    static class Misspelt {

        @Id
        @GeneratedValue(generator = "snoo")
        Sno id;
    }

    static class TraceIdAsBytes {

        @Id
        @GeneratedTraceId
        byte[] id;
    }
}
