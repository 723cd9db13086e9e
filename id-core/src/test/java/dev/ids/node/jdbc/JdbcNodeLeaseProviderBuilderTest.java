package dev.ids.node.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.testing.TestDatabase;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The provider's configuration: defaults and the inputs it refuses, without a database. */
class JdbcNodeLeaseProviderBuilderTest {

    private final TestDataSource dataSource = new TestDataSource(TestDatabase.H2, "builder");

    @Test
    void defaultsFenceWithinTheLeaseAndLeaveTheGraceForClockSkew() {
        JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(dataSource).build();
        assertThat(provider.tableName()).isEqualTo("ids_node_lease");
        assertThat(provider.leaseLength()).isEqualTo(Duration.ofSeconds(60));
        assertThat(provider.renewalPeriod()).isEqualTo(Duration.ofSeconds(20));
        assertThat(provider.reclaimGrace()).isEqualTo(Duration.ofSeconds(10));
        assertThat(provider.holderId()).matches("[0-9a-f-]{36}@.+/pid \\d+(/[0-9a-f-]{18}\\.\\d+\\.\\d+)?");
        assertThat(JdbcNodeLeaseProvider.builder(dataSource).build().holderId())
                .as("random per provider").isNotEqualTo(provider.holderId());
    }

    @Test
    void theRenewalPeriodDefaultsToAThirdOfTheLease() {
        assertThat(JdbcNodeLeaseProvider.builder(dataSource).leaseLength(Duration.ofSeconds(9)).build()
                .renewalPeriod()).isEqualTo(Duration.ofSeconds(3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1lease", "lease table", "lease;DROP TABLE x", "\"lease\"", "a.b.c", "lease-table",
        "a.", ".a", "l\u00e9ase",
        "a234567890123456789012345678901234567890123456789012345678901234"})
    void badTableNamesAreRefused(String name) {
        assertThatThrownBy(() -> JdbcNodeLeaseProvider.builder(dataSource).tableName(name))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Table name must be an unquoted SQL identifier")
                .hasMessageContaining("'" + name + "'");
        assertThatThrownBy(() -> JdbcNodeLeaseProvider.createTableStatement(name))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ids_node_lease", "_lease", "IDS_LEASE2", "app.ids_node_lease",
        "a23456789012345678901234567890123456789012345678901234567890123"})
    void plainAndSchemaQualifiedIdentifiersAreAccepted(String name) {
        assertThat(JdbcNodeLeaseProvider.builder(dataSource).tableName(name).build().tableName()).isEqualTo(name);
        assertThat(JdbcNodeLeaseProvider.createTableStatement(name)).startsWith("CREATE TABLE IF NOT EXISTS "
                + name + " (");
    }

    @Test
    void aRenewalPeriodNotShorterThanTheLeaseIsRefused() {
        assertThatThrownBy(() -> JdbcNodeLeaseProvider.builder(dataSource).leaseLength(Duration.ofSeconds(10))
                .renewalPeriod(Duration.ofSeconds(10)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("renewalPeriod (PT10S) must be shorter than leaseLength (PT10S)");
    }

    @Test
    void nonPositiveDurationsAndGracesAreRefused() {
        JdbcNodeLeaseProvider.Builder builder = JdbcNodeLeaseProvider.builder(dataSource);
        assertThatThrownBy(() -> builder.leaseLength(Duration.ZERO)).hasMessageContaining("leaseLength");
        assertThatThrownBy(() -> builder.renewalPeriod(Duration.ofNanos(1))).hasMessageContaining("renewalPeriod");
        assertThatThrownBy(() -> builder.reclaimGrace(Duration.ofMillis(-1))).hasMessageContaining("reclaimGrace");
    }

    @Test
    void aZeroReclaimGraceIsRefusedBecauseItMustExceedTheClockSkew() {
        JdbcNodeLeaseProvider.Builder builder = JdbcNodeLeaseProvider.builder(dataSource);
        assertThatThrownBy(() -> builder.reclaimGrace(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reclaimGrace must be at least 1 ms")
                .hasMessageContaining("difference between the wall clocks")
                .hasMessageContaining("PT0S");
        assertThat(builder.reclaimGrace(Duration.ofMillis(1)).build().reclaimGrace()).isEqualTo(Duration.ofMillis(1));
    }

    @Test
    void theQueryTimeoutIsAboutTheRenewalPeriodNotTheLeaseLength() {
        JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(dataSource)
                .leaseLength(Duration.ofSeconds(60)).renewalPeriod(Duration.ofMillis(4_500)).build();
        assertThat(provider.queryTimeoutSeconds()).isEqualTo(5);
        assertThat(JdbcNodeLeaseProvider.builder(dataSource).build().queryTimeoutSeconds())
                .as("a third of the default 60 s lease").isEqualTo(20);
    }

    @Test
    void holderIdsThatDoNotFitTheColumnAreRefused() {
        JdbcNodeLeaseProvider.Builder builder = JdbcNodeLeaseProvider.builder(dataSource);
        assertThatThrownBy(() -> builder.holderId("")).hasMessageContaining("holderId must be 1 to 200");
        assertThatThrownBy(() -> builder.holderId("x".repeat(201))).hasMessageContaining("holderId");
        assertThatThrownBy(() -> builder.holderId("a\nb")).hasMessageContaining("control characters");
        assertThat(builder.holderId("pod-7").build().holderId()).isEqualTo("pod-7");
    }

    @Test
    void integrityViolationsAreRecognisedByTheirSqlStateClass() {
        assertThat(JdbcConnections.isIntegrityViolation(new java.sql.SQLException("dup", "23505"))).isTrue();
        assertThat(JdbcConnections.isIntegrityViolation(new java.sql.SQLException("dup", "23000"))).isTrue();
        assertThat(JdbcConnections.isIntegrityViolation(new java.sql.SQLException("down", "08001"))).isFalse();
        java.sql.SQLException batch = new java.sql.SQLException("batch", "HY000");
        batch.setNextException(new java.sql.SQLException("dup", "23505"));
        assertThat(JdbcConnections.isIntegrityViolation(batch)).isTrue();
    }
}
