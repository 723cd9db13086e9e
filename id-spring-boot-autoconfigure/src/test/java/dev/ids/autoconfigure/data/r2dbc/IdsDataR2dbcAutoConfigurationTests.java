package dev.ids.autoconfigure.data.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.GidAsUuid;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.SnoAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.TraceIdAsLong;
import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.reactor.ReactiveIdGenerator;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.r2dbc.convert.R2dbcCustomConversions;
import org.springframework.data.r2dbc.dialect.H2Dialect;
import org.springframework.data.r2dbc.mapping.R2dbcMappingContext;
import org.springframework.data.relational.core.sql.SqlIdentifier;
import reactor.core.publisher.Mono;

class IdsDataR2dbcAutoConfigurationTests {

    private static final String H2 = "r2dbc:h2:mem:///ids-data-r2dbc-autoconfiguration";

    /** Creating a factory opens no connection: no server is needed to find its dialect. */
    private static final String MARIADB = "r2dbc:mariadb://root@127.0.0.1:3306/test";

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class,
                    IdsDataR2dbcAutoConfiguration.class))
            .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513");

    @Test
    void storesTheValueTypesInJpasColumnFormsOnH2() {
        on(H2).run((context) -> {
            assertThat(context).hasSingleBean(IdsReactiveBeforeConvertCallback.class);
            R2dbcCustomConversions conversions = context.getBean(R2dbcCustomConversions.class);
            assertThat(conversions.getCustomWriteTarget(TraceId.class)).contains(Long.class);
            assertThat(conversions.getCustomWriteTarget(LableId.class)).contains(Long.class);
            assertThat(conversions.getCustomWriteTarget(Sno.class)).contains(byte[].class);
            assertThat(conversions.getCustomWriteTarget(Gid.class)).contains(UUID.class);
            assertThat(conversions.getCustomWriteTarget(Muid.class)).contains(UUID.class);
            assertThat(conversions.hasCustomReadTarget(byte[].class, Sno.class)).isTrue();
            assertThat(conversions.hasCustomReadTarget(UUID.class, Gid.class)).isTrue();
            assertThat(conversions.isSimpleType(Sno.class)).as("stored in a column, not as an entity").isTrue();
        });
    }

    @Test
    void storesGidsAndMuidsAsBytesOnMariaDb() {
        on(MARIADB).run((context) -> {
            R2dbcCustomConversions conversions = context.getBean(R2dbcCustomConversions.class);
            assertThat(conversions.getCustomWriteTarget(Gid.class)).contains(byte[].class);
            assertThat(conversions.getCustomWriteTarget(Muid.class)).contains(byte[].class);
            assertThat(conversions.hasCustomReadTarget(byte[].class, Muid.class)).isTrue();
        });
    }

    @Test
    void backsOffWithoutSpringDataR2dbc() {
        on(H2).withClassLoader(new FilteredClassLoader(R2dbcCustomConversions.class)).run((context) -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(IdsReactiveBeforeConvertCallback.class);
            assertThat(context).doesNotHaveBean(R2dbcCustomConversions.class);
        });
    }

    @Test
    void convertsWithoutGeneratingWhenIdReactorIsMissing() {
        on(H2).withClassLoader(new FilteredClassLoader(ReactiveIdGenerator.class)).run((context) -> {
            assertThat(context).doesNotHaveBean(IdsReactiveBeforeConvertCallback.class);
            assertThat(context.getBean(R2dbcCustomConversions.class).getCustomWriteTarget(Sno.class))
                    .contains(byte[].class);
        });
    }

    @Test
    void backsOffWhenTheApplicationDefinesItsConversions() {
        R2dbcCustomConversions own = R2dbcCustomConversions.of(H2Dialect.INSTANCE);
        on(H2).withBean(R2dbcCustomConversions.class, () -> own)
                .run((context) -> assertThat(context).getBean(R2dbcCustomConversions.class).isSameAs(own));
    }

    @Test
    void definesNoConversionsWithoutAConnectionFactory() {
        contextRunner.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(R2dbcCustomConversions.class));
    }

    @Test
    void fillsAnUnsetIdWithoutWaitingAndKeepsAnAssignedOne() {
        on(H2).withBean(R2dbcMappingContext.class, () -> mappingContext(TraceIdAsLong.class)).run((context) -> {
            IdsReactiveBeforeConvertCallback callback = context.getBean(IdsReactiveBeforeConvertCallback.class);
            TraceIdGenerator traceIds = context.getBean(TraceIdGenerator.class);
            long before = traceIds.generatedCount();
            TraceIdAsLong unset = new TraceIdAsLong();
            TraceIdAsLong assigned = new TraceIdAsLong();
            assigned.id = 4242L;

            Object filled = Mono.from(callback.onBeforeConvert(unset, SqlIdentifier.unquoted("t")))
                    .block(Duration.ofSeconds(5));
            Object kept = Mono.from(callback.onBeforeConvert(assigned, SqlIdentifier.unquoted("t")))
                    .block(Duration.ofSeconds(5));

            assertThat(filled).isSameAs(unset);
            assertThat(TraceId.fromLong(unset.id).nodeNo()).isEqualTo(7);
            assertThat(kept).isSameAs(assigned);
            assertThat(assigned.id).isEqualTo(4242L);
            assertThat(traceIds.generatedCount()).isEqualTo(before + 1);
        });
    }

    @Test
    void anEntityAskingForADisabledGeneratorFailsTheStartUp() {
        on(H2).withPropertyValues("ids.sno.enabled=false")
                .withBean(R2dbcMappingContext.class, () -> mappingContext(SnoAsValue.class))
                .run((context) -> {
                    assertThat(context).hasFailed();
                    Throwable cause = NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure());
                    assertThat(cause).isInstanceOf(IdsConfigurationException.class)
                            .hasMessageContaining("SnoAsValue.id").hasMessageContaining("ids.sno.enabled");
                });
    }

    @Test
    void aUuidIdOnMariaDbFailsTheStartUp() {
        on(MARIADB)
                .withBean(R2dbcMappingContext.class, () -> mappingContext(GidAsUuid.class))
                .run((context) -> {
                    assertThat(context).hasFailed();
                    assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
                            .hasMessageContaining("GidAsUuid.id").hasMessageContaining("java.util.UUID")
                            .hasMessageContaining("Spring Data R2DBC").hasMessageContaining("Declare the ID as Gid");
                });
    }

    @Test
    void aUuidIdOnH2IsAccepted() {
        on(H2).withBean(R2dbcMappingContext.class, () -> mappingContext(GidAsUuid.class))
                .run((context) -> assertThat(context).hasNotFailed());
    }
    /** The context runner with a connection factory for the database of the URL. */
    private ApplicationContextRunner on(String url) {
        return contextRunner.withBean(ConnectionFactory.class, () -> ConnectionFactories.get(url));
    }

    private static R2dbcMappingContext mappingContext(Class<?> entity) {
        R2dbcMappingContext context = new R2dbcMappingContext();
        context.setInitialEntitySet(Set.of(entity));
        context.setSimpleTypeHolder(R2dbcCustomConversions.of(H2Dialect.INSTANCE, IdR2dbcConverters
                .of(H2Dialect.INSTANCE)).getSimpleTypeHolder());
        context.afterPropertiesSet();
        return context;
    }
}
