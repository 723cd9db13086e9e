package dev.ids.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.hibernate.SessionFactory;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.hibernate.tool.schema.Action;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Hibernate bootstrapped as Spring Data JPA's AOT processing does at build time (spring-data-jpa#4165): no bean
 * container, none of the application's settings, and the system property {@code spring.aot.processing=true}. The
 * generators must let that session factory build, as it only reads the mappings, and refuse to generate in it;
 * outside AOT processing the same bootstrap still fails naming the missing setting.
 */
class AotProcessingTests {

    private static final AtomicInteger UNITS = new AtomicInteger();

    @AfterEach
    void clearProperty() {
        System.clearProperty("spring.aot.processing");
    }

    @Test
    void duringAotProcessingASessionFactoryWithoutBeanContainerBuilds() {
        System.setProperty("spring.aot.processing", "true");
        try (SessionFactory factory = factory(Map.of(), Traced.class, ByNamedGenerator.class)) {
            assertThat(factory.getMetamodel().entity(Traced.class).getId(Long.class).getName()).isEqualTo("id");
            assertThat(factory.getMetamodel().entity(ByNamedGenerator.class)).isNotNull();
        }
    }

    @Test
    void theSessionFactoryBuiltDuringAotProcessingRefusesToGenerateSayingWhy() {
        System.setProperty("spring.aot.processing", "true");
        try (SessionFactory factory = factory(Map.of(), Traced.class)) {
            assertThatThrownBy(() -> factory.inTransaction((session) -> session.persist(new Traced())))
                    .hasStackTraceContaining("No trace-id generator for " + Traced.class.getName() + ".id")
                    .hasStackTraceContaining("built during Spring AOT processing");
        }
    }

    @Test
    void duringAotProcessingAGeneratorInTheSettingsStillGenerates() {
        System.setProperty("spring.aot.processing", "true");
        TraceIdGenerator traceIds = TraceIdGenerator.builder().nodeNo(9).build();
        try (SessionFactory factory = factory(Map.of("ids.generator.trace-id", traceIds), Traced.class)) {
            Traced traced = new Traced();
            factory.inTransaction((session) -> session.persist(traced));
            assertThat(TraceId.fromLong(traced.id).nodeNo()).isEqualTo(9);
        }
    }

    @Test
    void outsideAotProcessingTheSameBootstrapFailsNamingTheSetting() {
        assertThatThrownBy(() -> factory(Map.of(), Traced.class).close())
                .hasStackTraceContaining("setting ids.generator.trace-id is not set");
        assertThatThrownBy(() -> factory(Map.of("ids.generator.sno", TraceIdGenerator.builder().nodeNo(1).build()),
                ByNamedGenerator.class).close()).hasStackTraceContaining("\"sno:payments\"");
    }

    private static SessionFactory factory(Map<String, Object> settings, Class<?>... entities) {
        HibernatePersistenceConfiguration configuration = new HibernatePersistenceConfiguration(
                "aot-" + UNITS.incrementAndGet()).managedClasses(entities)
                .jdbcUrl(TestDatabase.H2.url("AotProcessingTests" + UNITS.get()))
                .jdbcCredentials(TestDatabase.H2.username(), TestDatabase.H2.password())
                .schemaToolingAction(Action.CREATE_DROP);
        settings.forEach(configuration::property);
        return configuration.createEntityManagerFactory();
    }

    @Entity
    @Table(name = "aot_traced")
    static class Traced {

        @Id
        @GeneratedTraceId
        Long id;
    }

    @Entity
    @Table(name = "aot_by_named")
    static class ByNamedGenerator {

        @Id
        @GeneratedValue(generator = "sno:payments")
        @Column(length = 16)
        String id;
    }
}
