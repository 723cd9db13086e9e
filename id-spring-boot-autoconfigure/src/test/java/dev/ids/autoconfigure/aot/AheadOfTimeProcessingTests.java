package dev.ids.autoconfigure.aot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.aot.jdbc.AotDataJdbcApplication;
import dev.ids.autoconfigure.aot.jdbc.AotDataJdbcApplication.Order;
import dev.ids.autoconfigure.aot.jdbc.AotDataJdbcApplication.Orders;
import dev.ids.autoconfigure.aot.jdbc.AotDataJdbcApplication.Payment;
import dev.ids.autoconfigure.aot.jdbc.AotDataJdbcApplication.Payments;
import dev.ids.autoconfigure.web.reactive.IdsWebFluxAutoConfiguration;
import dev.ids.hibernate.GeneratedSno;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.boot.web.context.reactive.GenericReactiveWebApplicationContext;
import org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.core.dialect.JdbcH2Dialect;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.util.ClassUtils;

/**
 * The auto-configurations through Spring's ahead-of-time processing, as {@code process-aot} runs it: their bean
 * definitions, including the named generators {@code NamedIdGeneratorsRegistrar} adds, must be writable as code
 * (an instance supplier is not: "instance supplier is not supported"), and the hints of all contributors together
 * must cover the reflection our beans need at run time.
 */
class AheadOfTimeProcessingTests {

    @Test
    void namedGeneratorsAreProcessedAheadOfTimeIntoCode() throws Exception {
        GenericApplicationContext context = context(new GenericApplicationContext(), Map.of(
                "ids.node.provider", "static", "ids.sno.partition", "5", "ids.sno.named.payments.partition", "6",
                "ids.trace-id.node-no", "1", "ids.trace-id.named.audit.node-no", "2", "ids.lable.generator-id", "1"));
        context.registerBean(IdGeneratorsAutoConfiguration.class);
        AotProcessing processing = AotProcessing.of(context);
        assertThat(processing.code()).contains("\"paymentsSnoGenerator\"", "\"auditTraceIdGenerator\"",
                "IdScheme.SNO");
    }

    @Test
    void theDataJdbcAutoConfigurationIsProcessedIntoCodeThatStartsAndGeneratesIds(@TempDir Path directory)
            throws Exception {
        Map<String, Object> properties = Map.of("ids.node.provider", "static", "ids.sno.partition", "5",
                "ids.sno.named.payments.partition", "6", "ids.trace-id.node-no", "1", "ids.lable.generator-id", "1",
                "spring.datasource.url", "jdbc:h2:mem:ids-aot-data-jdbc;DB_CLOSE_DELAY=-1");
        GenericApplicationContext context = context(new GenericApplicationContext(), properties);
        context.registerBean(AotDataJdbcApplication.class);
        AotProcessing processing = AotProcessing.of(context);
        assertThat(processing.code()).contains("\"idsBeforeConvertCallback\"", "\"jdbcCustomConversions\"",
                "\"paymentsSnoGenerator\"");
        try (GenericApplicationContext started = AotCompiled.start(processing, new GenericApplicationContext(),
                properties, directory)) {
            JdbcTemplate jdbc = started.getBean(JdbcTemplate.class);
            // Spring Data JDBC quotes the names: lower-case table, upper-case column
            jdbc.execute("create table \"aot_order\" (\"ID\" binary(10) primary key)");
            jdbc.execute("create table \"aot_payment\" (\"ID\" binary(10) primary key)");
            Order order = started.getBean(Orders.class).save(new Order());
            Payment payment = started.getBean(Payments.class).save(new Payment());
            assertThat(order.getId().partition()).isEqualTo(5);
            assertThat(payment.getId().partition()).isEqualTo(6);
            assertThat(started.getBean(Orders.class).findById(order.getId())).isPresent();
        }
    }

    @Test
    void aDataJdbcApplicationWithItsOwnDialectIsProcessedWithoutItsDatabase() throws Exception {
        // process-aot runs without the run's configuration, so a DataSource made during the processing fails (here
        // always). With a dialect of its own, Spring Data's AOT repositories need no database, nor may the starter.
        GenericApplicationContext context = context(new GenericApplicationContext(), Map.of(
                "ids.node.provider", "static", "ids.sno.partition", "5", "ids.sno.named.payments.partition", "6"));
        context.registerBean(AotDataJdbcApplication.class);
        context.registerBean(OwnDialectNoDatabase.class);
        AotProcessing processing = AotProcessing.of(context);
        assertThat(processing.code()).contains("\"jdbcCustomConversions\"");
        assertThat(processing.sources().keySet()).as("Spring Data's repositories, generated ahead of time")
                .anySatisfy(path -> assertThat(path).contains("Orders").contains("AotRepository"));
    }

    @Test
    void theReflectionTheDataJdbcCallbackNeedsIsHinted() throws Exception {
        GenericApplicationContext context = context(new GenericApplicationContext(), Map.of(
                "ids.node.provider", "static", "ids.sno.partition", "5", "ids.sno.named.payments.partition", "6",
                "spring.datasource.url", "jdbc:h2:mem:ids-aot-data-jdbc-hints;DB_CLOSE_DELAY=-1"));
        context.registerBean(AotDataJdbcApplication.class);
        RuntimeHints hints = AotProcessing.of(context).hints();
        // The callback reads the annotations of the aggregates' ID fields: Spring Data's managed types processing
        // makes the fields of the aggregates it finds reflectively accessible ...
        for (Class<?> aggregate : List.of(Order.class, Payment.class)) {
            assertThat(RuntimeHintsPredicates.reflection().onFieldAccess(aggregate, "id")).as(aggregate.getName())
                    .accepts(hints);
        }
        // ... while the attributes of the annotations found there, name() among them, are ours to hint
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(GeneratedSno.class, "name"))
                .accepts(hints);
    }

    @Test
    void theWebFluxAutoConfigurationIsProcessedAheadOfTimeIntoCode() throws Exception {
        GenericReactiveWebApplicationContext context = context(new GenericReactiveWebApplicationContext(),
                Map.of("spring.webflux.problemdetails.enabled", "true"));
        context.registerBean(IdsWebFluxAutoConfiguration.class);
        context.registerBean(WebFluxAutoConfiguration.class);
        AotProcessing processing = AotProcessing.of(context);
        assertThat(processing.code()).contains("\"idsWebFluxConfigurer\"", "\"invalidIdWebFluxProblemAdvice\"",
                "\"idsWebFluxProblemDetailsExceptionHandler\"");
        // WebFlux invokes the advice's handler reflectively; Spring's processing of @ExceptionHandler hints it
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(
                ClassUtils.forName("dev.ids.autoconfigure.web.reactive.InvalidIdWebFluxProblemAdvice", null),
                "invalidInput")).accepts(processing.hints());
    }

    private static <C extends GenericApplicationContext> C context(C context, Map<String, Object> properties) {
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test", properties));
        AnnotationConfigUtils.registerAnnotationConfigProcessors(context);
        return context;
    }

    /**
     * The dialect an application defines so that Spring Data's ahead-of-time processing needs no database, and a
     * database that is not there while processing.
     */
    @Configuration(proxyBeanMethods = false)
    static class OwnDialectNoDatabase {

        @Bean
        JdbcDialect jdbcDialect() {
            return JdbcH2Dialect.INSTANCE;
        }

        @Bean
        DataSource dataSource() {
            throw new IllegalStateException("No database while processing ahead of time");
        }
    }
}
