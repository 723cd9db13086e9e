package dev.ids.autoconfigure.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.autoconfigure.jpa.GenerationEntities.Identified;
import dev.ids.autoconfigure.jpa.GenerationEntities.Order;
import dev.ids.autoconfigure.jpa.GenerationEntities.PaymentAnnotated;
import dev.ids.autoconfigure.jpa.GenerationEntities.PaymentByName;
import dev.ids.autoconfigure.jpa.GenerationEntities.SnoAsBytes;
import dev.ids.autoconfigure.jpa.GenerationEntities.TraceIdAsLong;
import dev.ids.autoconfigure.jpa.GenerationEntities.TraceIdAsLongByName;
import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The entity suite of generated IDs, run on each database by a subclass: every supported attribute type of every
 * scheme through the annotation and through {@code @GeneratedValue(generator = ...)}, the generator beans being the
 * ones used, a named generator, generated business keys, column types and JDBC batching.
 */
@SpringBootTest(classes = GenerationTestApplication.class, webEnvironment = WebEnvironment.NONE, properties = {
        "ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513",
        "ids.sno.named.payments.partition=2",
        "spring.jpa.hibernate.ddl-auto=create-drop", "spring.jpa.properties.hibernate.jdbc.batch_size=20",
        "spring.jpa.properties.hibernate.order_inserts=true",
        // Not leased: every identity is configured above, and the suite is about the mapping, not the lease (on H2,
        // a private in-memory database, auto mode does not lease either). Leased from the fresh schema, the claims
        // find no mark and start from the floor, so the start-up waits ~20 s (docs/LEASES.md, "A record that is
        // lost"); the leases are the subject of the node package's tests.
        "ids.node.provider=static" })
@DirtiesContext
abstract class GeneratedIdsSuite {

    @Autowired
    private EntityManagerFactory entityManagerFactory;

    @Autowired
    private ApplicationContext context;

    @Autowired
    private StatementCounter statements;

    @Autowired
    private DataSource dataSource;

    /** Returns the database the subclass runs the suite on. */
    abstract TestDatabase database();

    static Stream<Class<? extends Identified>> identified() {
        return GenerationEntities.IDENTIFIED.stream();
    }

    @ParameterizedTest
    @MethodSource("identified")
    void everyAttributeTypeGetsItsIdFromTheSchemesGeneratorBean(Class<? extends Identified> type) throws Exception {
        IdScheme scheme = schemeOf(type);
        MonitoredIdGenerator<?> bean = bean(scheme);
        long before = bean.generatedCount();
        Identified saved = type.getDeclaredConstructor().newInstance();
        inTransaction((em) -> em.persist(saved));
        assertThat(bean.generatedCount()).as("IDs from the %s bean", scheme).isEqualTo(before + 1);
        Object value = decode(scheme, saved.id());
        assertMadeBy(scheme, value, bean);
        if (saved.id() instanceof String text) {
            assertThat(text).isEqualTo(value.toString());
        }
        EntityManager em = entityManagerFactory.createEntityManager();
        try {
            Identified found = em.find(type, saved.id());
            assertThat(found).as("%s found by its id", type.getSimpleName()).isNotNull();
            assertThat(decode(scheme, found.id())).isEqualTo(value);
        } finally {
            em.close();
        }
    }

    @Test
    void aNamedGeneratorIsSelectedByTheAnnotationAndByTheGeneratorName() {
        SnoGenerator payments = context.getBean("paymentsSnoGenerator", SnoGenerator.class);
        SnoGenerator defaultGenerator = context.getBean(SnoGenerator.class);
        long paymentsBefore = payments.generatedCount();
        long defaultBefore = defaultGenerator.generatedCount();
        PaymentAnnotated annotated = new PaymentAnnotated();
        PaymentByName byName = new PaymentByName();
        inTransaction((em) -> {
            em.persist(annotated);
            em.persist(byName);
        });
        assertThat(Sno.fromBytes(annotated.id).partition()).isEqualTo(2);
        assertThat(Sno.parse(byName.id).partition()).isEqualTo(2);
        assertThat(payments.generatedCount()).isEqualTo(paymentsBefore + 2);
        assertThat(defaultGenerator.generatedCount()).isEqualTo(defaultBefore);
    }

    @Test
    void businessKeysAreGeneratedBesideTheIdentifier() {
        Order order = new Order();
        inTransaction((em) -> em.persist(order));
        assertThat(Sno.fromBytes(order.id).partition()).isEqualTo(513);
        assertThat(TraceId.fromLong(order.orderNumber).nodeNo()).isEqualTo(7);
        assertThat(Muid.fromUuid(order.reference).medallion())
                .isEqualTo(context.getBean(MuidGenerator.class).medallion());
        assertThat(LableId.parse(order.label).generatorId()).isEqualTo(5);
        EntityManager em = entityManagerFactory.createEntityManager();
        try {
            Order found = em.find(Order.class, order.id);
            assertThat(found.orderNumber).isEqualTo(order.orderNumber);
            assertThat(found.reference).isEqualTo(order.reference);
            assertThat(found.label).isEqualTo(order.label);
        } finally {
            em.close();
        }
    }

    @Test
    void valuesTheApplicationAssignedAreKept() {
        TraceIdGenerator traceIds = context.getBean(TraceIdGenerator.class);
        long before = traceIds.generatedCount();
        TraceIdAsLong assignedId = new TraceIdAsLong();
        assignedId.id = 4242L;
        Order assignedKey = new Order();
        assignedKey.orderNumber = 4343L;
        inTransaction((em) -> {
            em.persist(assignedId);
            em.persist(assignedKey);
        });
        assertThat(assignedId.id).isEqualTo(4242L);
        assertThat(assignedKey.orderNumber).isEqualTo(4343L);
        assertThat(traceIds.generatedCount()).isEqualTo(before);
        EntityManager em = entityManagerFactory.createEntityManager();
        try {
            assertThat(em.find(TraceIdAsLong.class, 4242L)).isNotNull();
            assertThat(em.find(Order.class, assignedKey.id).orderNumber).isEqualTo(4343L);
        } finally {
            em.close();
        }
    }

    @ParameterizedTest
    @MethodSource("identified")
    void theColumnTypeFollowsTheAttributeType(Class<? extends Identified> type) throws Exception {
        String table = type.getAnnotation(Table.class).name();
        assertThat(columnType(table, "id")).as("column %s.id", table).isEqualTo(expectedIdColumn(type));
    }

    @ParameterizedTest
    @ValueSource(classes = { SnoAsBytes.class, TraceIdAsLongByName.class, GenerationEntities.SnoAsValue.class })
    void fiftyInsertsWithBatchSizeTwentyRunInThreeBatches(Class<? extends Identified> type) {
        statements.reset();
        inTransaction((em) -> {
            for (int i = 0; i < 50; i++) {
                try {
                    em.persist(type.getDeclaredConstructor().newInstance());
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        assertThat(statements.addBatch()).isEqualTo(50);
        assertThat(statements.executeBatch()).isEqualTo(3);
        assertThat(statements.executeUpdate()).isZero();
    }

    /** The id column type the attribute type and its {@code @Column} call for on this database. */
    private String expectedIdColumn(Class<? extends Identified> type) throws Exception {
        Class<?> attribute = type.getDeclaredField("id").getType();
        jakarta.persistence.Column column = type.getDeclaredField("id").getAnnotation(jakarta.persistence.Column.class);
        TestDatabase database = database();
        if (attribute == Long.class || attribute == long.class) {
            return "bigint";
        }
        if (attribute == UUID.class) {
            return database == TestDatabase.MARIADB ? "binary(16)" : "uuid";
        }
        if (attribute == String.class) {
            return (database == TestDatabase.MARIADB ? "varchar" : "character varying") + "(" + column.length()
                    + ")";
        }
        if (attribute == byte[].class) {
            return database == TestDatabase.POSTGRESQL ? "bytea" : "binary(" + column.length() + ")";
        }
        // The value types' own column types (dev.ids.hibernate.type): BIGINT, uuid or BINARY(16), BINARY(10).
        if (attribute == TraceId.class || attribute == LableId.class) {
            return "bigint";
        }
        if (attribute == Gid.class || attribute == Muid.class) {
            return database == TestDatabase.MARIADB ? "binary(16)" : "uuid";
        }
        if (attribute == Sno.class) {
            return database == TestDatabase.POSTGRESQL ? "bytea" : "binary(10)";
        }
        throw new IllegalArgumentException(type.getName());
    }

    /** The column's type and length as the database's information schema describes them, in lower case. */
    private String columnType(String table, String column) throws Exception {
        String schema = switch (database()) {
            case H2 -> "'PUBLIC'";
            case POSTGRESQL -> "current_schema()";
            case MARIADB -> "database()";
        };
        String sql = "select data_type, character_maximum_length from information_schema.columns "
                + "where table_schema = " + schema + " and lower(table_name) = ? and lower(column_name) = ?";
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, table);
            statement.setString(2, column);
            try (ResultSet result = statement.executeQuery()) {
                assertThat(result.next()).as("column %s.%s exists", table, column).isTrue();
                String dataType = result.getString(1).toLowerCase(Locale.ROOT);
                long length = result.getLong(2);
                return result.wasNull() || dataType.equals("uuid") ? dataType : dataType + "(" + length + ")";
            }
        }
    }

    private void inTransaction(Consumer<EntityManager> work) {
        EntityManager em = entityManagerFactory.createEntityManager();
        try {
            em.getTransaction().begin();
            work.accept(em);
            em.getTransaction().commit();
        } finally {
            if (em.getTransaction().isActive()) {
                em.getTransaction().rollback();
            }
            em.close();
        }
    }

    private static IdScheme schemeOf(Class<?> type) {
        String name = type.getSimpleName();
        for (IdScheme scheme : IdScheme.values()) {
            String prefix = switch (scheme) {
                case TRACE_ID -> "TraceId";
                case LABLE -> "Lable";
                case GID -> "Gid";
                case SNO -> "Sno";
                case MUID -> "Muid";
            };
            if (name.startsWith(prefix + "As")) {
                return scheme;
            }
        }
        throw new IllegalArgumentException(name);
    }

    private MonitoredIdGenerator<?> bean(IdScheme scheme) {
        return switch (scheme) {
            case TRACE_ID -> context.getBean(TraceIdGenerator.class);
            case LABLE -> context.getBean(LableIdGenerator.class);
            case GID -> context.getBean(GidGenerator.class);
            case SNO -> context.getBean(SnoGenerator.class);
            case MUID -> context.getBean(MuidGenerator.class);
        };
    }

    /** Reads a stored identifier back into the scheme's value type, whatever the attribute type. */
    private static Object decode(IdScheme scheme, Object id) {
        if (id instanceof TraceId || id instanceof LableId || id instanceof Gid || id instanceof Sno
                || id instanceof Muid) {
            return id;
        }
        return switch (scheme) {
            case TRACE_ID -> id instanceof Long number ? TraceId.fromLong(number) : TraceId.parse((String) id);
            case LABLE -> id instanceof Long number ? LableId.fromLong(number) : LableId.parse((String) id);
            case GID -> id instanceof UUID uuid ? Gid.fromUuid(uuid)
                    : id instanceof byte[] bytes ? Gid.fromBytes(bytes) : Gid.parse((String) id);
            case SNO -> id instanceof byte[] bytes ? Sno.fromBytes(bytes) : Sno.parse((String) id);
            case MUID -> id instanceof UUID uuid ? Muid.fromUuid(uuid)
                    : id instanceof byte[] bytes ? Muid.fromBytes(bytes) : Muid.parse((String) id);
        };
    }

    /** The value carries the node identity of the bean (GIDs have none; their type stands in). */
    private static void assertMadeBy(IdScheme scheme, Object value, MonitoredIdGenerator<?> bean) {
        switch (scheme) {
            case TRACE_ID -> assertThat(((TraceId) value).nodeNo()).isEqualTo(7);
            case LABLE -> assertThat(((LableId) value).generatorId()).isEqualTo(5);
            case GID -> assertThat(((Gid) value).type()).isEqualTo(((GidGenerator) bean).type());
            case SNO -> assertThat(((Sno) value).partition()).isEqualTo(513);
            case MUID -> assertThat(((Muid) value).medallion()).isEqualTo(((MuidGenerator) bean).medallion());
        }
    }
}
