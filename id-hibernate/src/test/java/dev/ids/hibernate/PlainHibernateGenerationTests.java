package dev.ids.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.hibernate.SessionFactory;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.hibernate.tool.schema.Action;
import org.hibernate.type.SqlTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generators with plain Hibernate, bootstrapped through {@link HibernatePersistenceConfiguration} without Spring:
 * generator instances come from Hibernate settings; every mistake fails the bootstrap with a message that names
 * the entity attribute and what to do.
 */
class PlainHibernateGenerationTests {

    private static final AtomicInteger UNITS = new AtomicInteger();

    private final SnoGenerator snos = SnoGenerator.builder().partition(513).build();

    private final SnoGenerator payments = SnoGenerator.builder().partition(2).build();

    private final TraceIdGenerator traceIds = TraceIdGenerator.builder().nodeNo(7).build();

    @Test
    void idsComeFromTheGeneratorsInTheSettings() {
        Map<String, Object> settings = Map.of("ids.generator.sno", snos, "ids.generator.sno.payments", payments,
                "ids.generator.trace-id", traceIds);
        try (SessionFactory factory = factory(settings, Invoice.class, Receipt.class, Refund.class)) {
            Invoice invoice = new Invoice();
            Receipt receipt = new Receipt();
            Refund refund = new Refund();
            factory.inTransaction((session) -> {
                session.persist(invoice);
                session.persist(receipt);
                session.persist(refund);
            });
            assertThat(Sno.fromBytes(invoice.id).partition()).isEqualTo(513);
            assertThat(TraceId.fromLong(invoice.number).nodeNo()).isEqualTo(7);
            assertThat(Sno.parse(receipt.id).partition()).isEqualTo(513);
            assertThat(Sno.fromBytes(refund.id).partition()).isEqualTo(2);
            assertThat(snos.generatedCount()).isEqualTo(2);
            assertThat(payments.generatedCount()).isEqualTo(1);
            assertThat(traceIds.generatedCount()).isEqualTo(1);
            Receipt found = factory.fromTransaction((session) -> session.find(Receipt.class, receipt.id));
            assertThat(found).isNotNull();
        }
    }

    @Test
    void withoutTheSettingTheBootstrapFailsNamingIt() {
        assertFails(() -> factory(Map.of(), TraceKeyed.class).close(), "TraceKeyed.id",
                "@GeneratedTraceId", "setting ids.generator.trace-id");
    }

    @Test
    void aSettingThatHoldsNoGeneratorFailsTheBootstrap() {
        assertFails(() -> factory(Map.of("ids.generator.trace-id", "7"), TraceKeyed.class).close(),
                "setting ids.generator.trace-id must hold an IdGenerator", "TraceKeyed.id", "'7'");
    }

    @Test
    void aNamedGeneratorWithoutItsSettingFailsTheBootstrapNamingIt() {
        assertFails(() -> factory(Map.of("ids.generator.sno", snos), Refund.class).close(), "Refund.id",
                "@GeneratedSno(name = \"payments\")", "setting ids.generator.sno.payments");
    }

    @Test
    void aGeneratorOfAnotherSchemeFailsTheInsert() {
        try (SessionFactory factory = factory(Map.of("ids.generator.sno", traceIds, "ids.generator.trace-id",
                traceIds), Invoice.class)) {
            assertFails(() -> factory.inTransaction((session) -> session.persist(new Invoice())), "Invoice.id",
                    "instead of a dev.ids.sno.Sno", "setting ids.generator.sno");
        }
    }

    @Test
    void anAttributeTypeTheSchemeCannotHoldFailsTheBootstrap() {
        assertFails(() -> factory(Map.of("ids.generator.sno", snos), LongSno.class).close(), "LongSno.id",
                "java.lang.Long", "cannot hold a sno", "supported attribute types: byte[] (10), String, "
                        + "dev.ids.sno.Sno");
    }

    @Test
    void anAttributeThatCannotTakeItsIdsFailsWithTheMappingExceptionTypeThatNamesItAndTheFix() {
        assertThatThrownBy(() -> factory(Map.of("ids.generator.sno", snos), ShortSno.class).close())
                .satisfies((thrown) -> {
                    IdsMappingException failure = causeOf(thrown, IdsMappingException.class);
                    assertThat(failure.getAttribute()).isEqualTo(ShortSno.class.getName() + ".id");
                    assertThat(failure.getAction()).isEqualTo("Set @Column(length = 16) on " + ShortSno.class.getName()
                            + ".id.");
                });
    }

    @Test
    void aColumnTooShortForTheValueFailsTheBootstrap() {
        assertFails(() -> factory(Map.of("ids.generator.sno", snos), ShortSno.class).close(),
                "ShortSno.id", "has length 8", "needs 16");
    }

    @Test
    void schemeNamesAreGeneratorNamesWithoutAMappingFile() {
        try (SessionFactory factory = factory(Map.of("ids.generator.sno", snos), Receipt.class)) {
            Receipt receipt = new Receipt();
            factory.inTransaction((session) -> session.persist(receipt));
            assertThat(Sno.parse(receipt.id).partition()).isEqualTo(513);
        }
    }

    @Test
    void namedGeneratorNamesAreRegisteredByTheirSettings() {
        try (SessionFactory factory = factory(Map.of("ids.generator.sno.payments", payments),
                ByNamedGenerator.class)) {
            ByNamedGenerator entity = new ByNamedGenerator();
            factory.inTransaction((session) -> session.persist(entity));
            assertThat(payments.generatedCount()).isEqualTo(1);
        }
    }

    @Test
    void aNamedGeneratorNameWithoutItsSettingFailsTheBootstrapNamingTheWaysToRegisterIt() {
        assertFails(() -> factory(Map.of("ids.generator.sno", snos), ByNamedGenerator.class).close(),
                "ByNamedGenerator, attribute id", "generator = \"sno:payments\"", "not registered",
                "setting ids.generator.sno.payments", IdsGeneratorNames.NAMES_SETTING,
                "@GeneratedSno(name = \"payments\")");
    }

    @Test
    void aNamesSettingThatListsSomethingElseFailsTheBootstrapNamingIt() {
        assertFails(() -> factory(Map.of(IdsGeneratorNames.NAMES_SETTING, "sno:payments, snoo:x"), Invoice.class)
                .close(), "setting ids.generator.names lists 'snoo:x'", "<scheme>:<name>");
    }

    @Test
    void withXmlMappingsTurnedOffTheBootstrapSaysWhyTheSchemeNamesAreMissing() {
        assertFails(() -> factory(Map.of("ids.generator.sno", snos, "hibernate.xml_mapping_enabled", "false"),
                Receipt.class).close(), "Receipt, attribute id", "generator = \"sno\"", "not registered",
                "hibernate.xml_mapping_enabled=false");
    }

    @Test
    @RequiresDatabase(TestDatabase.MARIADB)
    void mariaDbsNativeUuidTypeIsRefusedForGidsAndMuidsBecauseItRejectsManyOfThem() {
        MuidGenerator muids = MuidGenerator.builder().randomMedallion().build();
        assertFails(() -> factory(TestDatabase.MARIADB, Map.of("ids.generator.muid", muids), MuidKeyed.class)
                .close(), "MuidKeyed.id", "MariaDB's native uuid", "hibernate.type.preferred_uuid_jdbc_type=BINARY");
        Map<String, Object> binary = Map.of("ids.generator.muid", muids, "hibernate.type.preferred_uuid_jdbc_type",
                "BINARY");
        try (SessionFactory factory = factory(TestDatabase.MARIADB, binary, MuidKeyed.class)) {
            List<MuidKeyed> saved = new ArrayList<>();
            factory.inTransaction((session) -> {
                for (int i = 0; i < 200; i++) {
                    MuidKeyed entity = new MuidKeyed();
                    session.persist(entity);
                    saved.add(entity);
                }
            });
            assertThat(saved).allSatisfy((entity) -> assertThat(Muid.fromUuid(entity.id).medallion())
                    .isEqualTo(muids.medallion()));
            MuidKeyed found = factory.fromTransaction((session) -> session.find(MuidKeyed.class, saved.get(0).id));
            assertThat(found).isNotNull();
        }
    }

    @Test
    @RequiresDatabase(TestDatabase.MARIADB)
    void aGidForcedIntoMariaDbsNativeUuidTypeIsRefusedBecauseHibernateWritesItAsText() {
        assertFails(() -> factory(TestDatabase.MARIADB, Map.of("ids.generator.gid", GidGenerator.builder().build()),
                GidForcedUuid.class).close(), "GidForcedUuid.id", "MariaDB's native uuid",
                "Remove @JdbcTypeCode(SqlTypes.UUID)", "BINARY(16)");
    }

    static Stream<Arguments> misspellings() {
        return Stream.of(Arguments.of(Snoo.class, "snoo", "sno"), Arguments.of(UpperSno.class, "SNO", "sno"),
                Arguments.of(TraceUnderscore.class, "trace_id", "trace-id"),
                Arguments.of(Muids.class, "muids", "muid"), Arguments.of(Label.class, "label", "lable"));
    }

    @ParameterizedTest
    @MethodSource("misspellings")
    void aMisspeltSchemeNameFailsTheBootstrapNamingTheNameMeant(Class<?> entity, String given, String meant) {
        assertFails(() -> factory(Map.of(), entity).close(), "Entity " + entity.getName() + ", attribute id",
                "@GeneratedValue(generator = \"" + given + "\")", "did you mean \"" + meant + "\"");
    }

    @Test
    void aMisspellingFailsWithItsOwnExceptionTypeThatHoldsTheNameGivenTheNameMeantAndTheAttribute() {
        assertThatThrownBy(() -> factory(Map.of(), Snoo.class).close()).satisfies((thrown) -> {
            IdsGeneratorNameException failure = causeOf(thrown, IdsGeneratorNameException.class);
            assertThat(failure).isInstanceOf(org.hibernate.MappingException.class);
            assertThat(failure.getProblems()).singleElement().satisfies((problem) -> {
                assertThat(problem.source()).isEqualTo("Entity " + Snoo.class.getName() + ", attribute id");
                assertThat(problem.given()).isEqualTo("snoo");
                assertThat(problem.meant()).isEqualTo("sno");
                assertThat(problem.reason()).startsWith("@GeneratedValue(generator = \"snoo\") is not a registered");
            });
            assertThat(failure.getAction()).contains("from \"snoo\" to \"sno\"",
                    IdsGeneratorNames.CHECK_NAMES_SETTING + "=false");
        });
    }

    @Test
    void aBadNamesSettingFailsWithTheNameExceptionType() {
        assertThatThrownBy(() -> factory(Map.of(IdsGeneratorNames.NAMES_SETTING, "snoo:x"), Invoice.class).close())
                .satisfies((thrown) -> assertThat(causeOf(thrown, IdsGeneratorNameException.class).getProblems())
                        .singleElement().satisfies((problem) -> {
                            assertThat(problem.given()).isEqualTo("snoo:x");
                            assertThat(problem.meant()).isEqualTo("sno:x");
                        }));
    }

    private static <T extends Throwable> T causeOf(Throwable thrown, Class<T> type) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return type.cast(cause);
            }
        }
        StringBuilder chain = new StringBuilder();
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            chain.append("\n  ").append(cause.getClass().getName()).append(": ").append(cause.getMessage());
        }
        throw new AssertionError("no " + type.getSimpleName() + " in" + chain);
    }

    @Test
    void aMisspellingThatIsADeclaredGeneratorIsLeftAlone() {
        try (SessionFactory factory = factory(Map.of(), DeclaredSnoo.class)) {
            DeclaredSnoo entity = new DeclaredSnoo();
            factory.inTransaction((session) -> session.persist(entity));
            assertThat(entity.id).isNotNull();
        }
    }

    @Test
    void theCheckCanBeTurnedOff() {
        factory(Map.of(IdsGeneratorNames.CHECK_NAMES_SETTING, "false"), Snoo.class).close();
    }

    private static void assertFails(ThrowingCallable call, String... fragments) {
        assertThatThrownBy(call).satisfies((thrown) -> {
            StringBuilder messages = new StringBuilder();
            for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
                messages.append(cause.getMessage()).append('\n');
            }
            assertThat(messages.toString()).contains(fragments);
        });
    }

    private static SessionFactory factory(Map<String, Object> settings, Class<?>... entities) {
        return factory(TestDatabase.H2, settings, entities);
    }

    private static SessionFactory factory(TestDatabase database, Map<String, Object> settings,
            Class<?>... entities) {
        HibernatePersistenceConfiguration configuration = new HibernatePersistenceConfiguration(
                "plain-" + UNITS.incrementAndGet()).managedClasses(entities)
                .jdbcUrl(database.url("PlainHibernateGenerationTests" + UNITS.get()))
                .jdbcCredentials(database.username(), database.password())
                .schemaToolingAction(Action.CREATE_DROP);
        new HashMap<>(settings).forEach(configuration::property);
        return configuration.createEntityManagerFactory();
    }

    @Entity
    @Table(name = "plain_invoice")
    static class Invoice {

        @Id
        @GeneratedSno
        @JdbcTypeCode(SqlTypes.BINARY)
        @Column(length = 10)
        byte[] id;

        @GeneratedTraceId
        Long number;
    }

    @Entity
    @Table(name = "plain_receipt")
    static class Receipt {

        @Id
        @GeneratedValue(generator = "sno")
        @Column(length = 16)
        String id;
    }

    @Entity
    @Table(name = "plain_refund")
    static class Refund {

        @Id
        @GeneratedSno(name = "payments")
        @Column(length = 10)
        byte[] id;
    }

    @Entity
    @Table(name = "plain_by_named")
    static class ByNamedGenerator {

        @Id
        @GeneratedValue(generator = "sno:payments")
        @Column(length = 16)
        String id;
    }

    @Entity
    @Table(name = "plain_trace_keyed")
    static class TraceKeyed {

        @Id
        @GeneratedTraceId
        Long id;
    }

    @Entity
    @Table(name = "plain_gid_forced_uuid")
    static class GidForcedUuid {

        @Id
        @GeneratedGid
        @JdbcTypeCode(SqlTypes.UUID)
        Gid id;
    }

    @Entity
    @Table(name = "plain_muid_keyed")
    static class MuidKeyed {

        @Id
        @GeneratedMuid
        UUID id;
    }

    @Entity
    @Table(name = "plain_long_sno")
    static class LongSno {

        @Id
        @GeneratedSno
        Long id;
    }

    @Entity
    @Table(name = "plain_short_sno")
    static class ShortSno {

        @Id
        @GeneratedSno
        @Column(length = 8)
        String id;
    }

    @Entity
    @Table(name = "plain_snoo")
    static class Snoo {

        @Id
        @GeneratedValue(generator = "snoo")
        Long id;
    }

    @Entity
    @Table(name = "plain_upper_sno")
    static class UpperSno {

        @Id
        @GeneratedValue(generator = "SNO")
        @Column(length = 36)
        String id;
    }

    @Entity
    @Table(name = "plain_trace_underscore")
    static class TraceUnderscore {

        @Id
        @GeneratedValue(generator = "trace_id")
        Long id;
    }

    @Entity
    @Table(name = "plain_muids")
    static class Muids {

        @Id
        @GeneratedValue(generator = "muids")
        UUID id;
    }

    @Entity
    @Table(name = "plain_label")
    static class Label {

        @Id
        @GeneratedValue(generator = "label")
        Long id;
    }

    @Entity
    @Table(name = "plain_declared_snoo")
    static class DeclaredSnoo {

        @Id
        @GeneratedValue(generator = "snoo")
        @SequenceGenerator(name = "snoo", sequenceName = "plain_snoo_seq")
        Long id;
    }
}
