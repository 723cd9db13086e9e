package dev.ids.autoconfigure.data.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.GidAsValue;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.Identified;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.LableAsValue;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.MuidAsValue;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.PaymentAnnotated;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.PaymentByName;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.SnoAsValue;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.SnoRecord;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.TraceIdAsLong;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.TraceIdAsValue;
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
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.context.ApplicationContext;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The Spring Data JDBC suite, run on each database by a subclass: every scheme's ID in every attribute type JPA
 * supports, generated from the scheme's generator bean, inserted and read back; stored in the column type JPA gives
 * it, holding what JPA stores (the {@code long}, the bytes or the UUID); selected by ID range through derived
 * queries; named generators; assigned IDs kept.
 *
 * <p>The tables are created here with the column types of the JPA suite (Spring Data JDBC creates no schema), and the
 * database's information schema is asked what it made of them. Table names are quoted, as Spring Data JDBC quotes
 * them; the column {@code id} is not, as Spring Data JDBC's H2 dialect writes it in upper case.
 */
@SpringBootTest(classes = DataJdbcTestApplication.class, webEnvironment = WebEnvironment.NONE, properties = {
        "ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.lable.mode=time-sequential",
        "ids.sno.partition=513", "ids.sno.named.payments.partition=2",
        // Not leased: every identity is configured above, and the suite is about the mapping, not the lease (on H2,
        // a private in-memory database, auto mode does not lease either). Leased from the fresh schema, the claims
        // find no mark and start from the floor, so the start-up waits ~20 s (docs/LEASES.md, "A record that is
        // lost"); the leases are the subject of the node package's tests.
        "ids.node.provider=static" })
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DataJdbcIdsSuite {

    @Autowired
    private JdbcAggregateTemplate template;

    @Autowired
    private ApplicationContext context;

    @Autowired
    private DataSource dataSource;

    /** Returns the database the subclass runs the suite on. */
    abstract TestDatabase database();

    /** The aggregates with a generated ID; on MariaDB none with a UUID ID, which the start-up refuses there. */
    Stream<Class<? extends Identified>> identified() {
        return DataJdbcAggregates.IDENTIFIED.stream()
                .filter((type) -> database() != TestDatabase.MARIADB || !DataJdbcAggregates.hasUuidId(type));
    }

    @BeforeAll
    void createTables() throws Exception {
        List<Class<?>> tables = new ArrayList<>(identified().toList());
        tables.add(PaymentAnnotated.class);
        tables.add(PaymentByName.class);
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            for (Class<?> type : tables) {
                String table = quote(type.getAnnotation(Table.class).value());
                statement.execute("drop table if exists " + table);
                statement.execute("create table " + table + " (id " + jpaColumn(type)
                        + " primary key)");
            }
            String records = quote(SnoRecord.class.getAnnotation(Table.class).value());
            statement.execute("drop table if exists " + records);
            statement.execute("create table " + records + " (id " + jpaColumn(SnoAsValue.class)
                    + " primary key, name varchar(20))");
        }
    }

    @ParameterizedTest
    @MethodSource("identified")
    void everyIdTypeGetsItsIdFromTheSchemesGeneratorAndIsReadBack(Class<? extends Identified> type)
            throws Exception {
        IdScheme scheme = schemeOf(type);
        MonitoredIdGenerator<?> bean = bean(scheme);
        long before = bean.generatedCount();
        Identified saved = template.save(type.getDeclaredConstructor().newInstance());
        assertThat(bean.generatedCount()).as("IDs from the %s bean", scheme).isEqualTo(before + 1);
        Object value = decode(scheme, saved.id());
        assertMadeBy(scheme, value, bean);
        if (saved.id() instanceof String text) {
            assertThat(text).isEqualTo(value.toString());
        }
        Identified found = template.findById(saved.id(), type);
        assertThat(found).as("%s found by its id", type.getSimpleName()).isNotNull();
        assertThat(decode(scheme, found.id())).isEqualTo(value);
    }

    @ParameterizedTest
    @MethodSource("identified")
    void theColumnHoldsWhatJpaStores(Class<? extends Identified> type) throws Exception {
        Identified saved = template.save(type.getDeclaredConstructor().newInstance());
        Object value = decode(schemeOf(type), saved.id());
        Object stored = selectOnly(type, saved);
        Class<?> attribute = type.getDeclaredField("id").getType();
        if (attribute == String.class) {
            assertThat(stored).isEqualTo(value.toString());
        } else if (value instanceof TraceId traceId) {
            assertThat(((Number) stored).longValue()).isEqualTo(traceId.toLong());
        } else if (value instanceof LableId lableId) {
            assertThat(((Number) stored).longValue()).isEqualTo(lableId.toLong());
        } else if (value instanceof Sno sno) {
            assertThat((byte[]) stored).isEqualTo(sno.toBytes());
        } else if (uuidColumn(attribute)) {
            assertThat(stored).isEqualTo(value instanceof Gid gid ? gid.toUuid() : ((Muid) value).toUuid());
        } else {
            assertThat((byte[]) stored).isEqualTo(value instanceof Gid gid ? gid.toBytes() : ((Muid) value).toBytes());
        }
    }

    @ParameterizedTest
    @MethodSource("identified")
    void theColumnTypeIsJpas(Class<? extends Identified> type) throws Exception {
        String table = type.getAnnotation(Table.class).value();
        assertThat(columnType(table)).as("column %s.id", table).isEqualTo(expectedColumnType(type));
    }

    @Test
    void derivedQueriesSelectTraceIdsByRange() {
        assertRange(context.getBean(DataJdbcRepositories.TraceIds.class), TraceIdAsValue::new,
                (aggregate) -> aggregate.id, (repository, from, to) -> repository.findByIdBetweenOrderById(from, to));
    }

    @Test
    void derivedQueriesSelectLableIdsByRange() {
        assertRange(context.getBean(DataJdbcRepositories.LableIds.class), LableAsValue::new,
                (aggregate) -> aggregate.id, (repository, from, to) -> repository.findByIdBetweenOrderById(from, to));
    }

    @Test
    void derivedQueriesSelectGidsByRange() {
        assertRange(context.getBean(DataJdbcRepositories.Gids.class), GidAsValue::new,
                (aggregate) -> aggregate.id, (repository, from, to) -> repository.findByIdBetweenOrderById(from, to));
    }

    @Test
    void derivedQueriesSelectSnosByRange() {
        assertRange(context.getBean(DataJdbcRepositories.Snos.class), SnoAsValue::new,
                (aggregate) -> aggregate.id, (repository, from, to) -> repository.findByIdBetweenOrderById(from, to));
    }

    @Test
    void derivedQueriesSelectMuidsByRange() {
        assertRange(context.getBean(DataJdbcRepositories.Muids.class), MuidAsValue::new,
                (aggregate) -> aggregate.id, (repository, from, to) -> repository.findByIdBetweenOrderById(from, to));
    }

    @Test
    void aNamedGeneratorIsSelectedByTheAnnotationAndByTheGeneratorName() {
        SnoGenerator payments = context.getBean("paymentsSnoGenerator", SnoGenerator.class);
        SnoGenerator defaultGenerator = context.getBean(SnoGenerator.class);
        long paymentsBefore = payments.generatedCount();
        long defaultBefore = defaultGenerator.generatedCount();
        PaymentAnnotated annotated = template.save(new PaymentAnnotated());
        PaymentByName byName = template.save(new PaymentByName());
        assertThat(annotated.id.partition()).isEqualTo(2);
        assertThat(Sno.parse(byName.id).partition()).isEqualTo(2);
        assertThat(payments.generatedCount()).isEqualTo(paymentsBefore + 2);
        assertThat(defaultGenerator.generatedCount()).isEqualTo(defaultBefore);
        assertThat(template.findById(annotated.id, PaymentAnnotated.class)).isNotNull();
    }

    @Test
    void anImmutableAggregateGetsItsIdInACopy() {
        SnoRecord saved = template.save(new SnoRecord(null, "first"));
        assertThat(saved.id().partition()).isEqualTo(513);
        assertThat(saved.name()).isEqualTo("first");
        assertThat(template.findById(saved.id(), SnoRecord.class)).isEqualTo(saved);
    }

    @Test
    void idsTheApplicationAssignedAreKept() {
        TraceIdGenerator traceIds = context.getBean(TraceIdGenerator.class);
        SnoGenerator snos = context.getBean(SnoGenerator.class);
        long traceIdsBefore = traceIds.generatedCount();
        long snosBefore = snos.generatedCount();
        TraceIdAsLong assignedLong = new TraceIdAsLong();
        assignedLong.id = 4242L;
        SnoAsValue assignedSno = new SnoAsValue();
        Sno sno = Sno.min(java.time.Instant.parse("2021-06-01T00:00:00Z"));
        assignedSno.id = sno;
        template.insert(assignedLong);
        template.insert(assignedSno);
        assertThat(assignedLong.id).isEqualTo(4242L);
        assertThat(assignedSno.id).isSameAs(sno);
        assertThat(traceIds.generatedCount()).isEqualTo(traceIdsBefore);
        assertThat(snos.generatedCount()).isEqualTo(snosBefore);
        assertThat(template.findById(4242L, TraceIdAsLong.class)).isNotNull();
        assertThat(template.findById(sno, SnoAsValue.class)).isNotNull();
    }

    /**
     * Three aggregates saved in turn, their IDs sorted in the value type's order (GIDs of one millisecond are in
     * random order): a range from the lowest to the middle one selects those two, and to the highest all three, in
     * that order, so the database orders the column as the value type does.
     */
    private <A extends Identified, I extends Comparable<? super I>, R> void assertRange(R repository,
            java.util.function.Supplier<A> create, Function<A, I> id, RangeQuery<R, I, A> query) {
        List<I> ids = java.util.stream.Stream.of(template.save(create.get()), template.save(create.get()),
                template.save(create.get())).map(id).sorted().toList();
        assertThat(query.select(repository, ids.get(0), ids.get(1)).stream().map(id).toList())
                .containsExactly(ids.get(0), ids.get(1));
        assertThat(query.select(repository, ids.get(0), ids.get(2)).stream().map(id).toList())
                .containsExactlyElementsOf(ids);
    }

    /** A derived query by ID range. */
    @FunctionalInterface
    interface RangeQuery<R, I, A> {

        List<A> select(R repository, I from, I to);
    }

    /** The column type JPA gives the attribute on this database, as the DDL here spells it. */
    private String jpaColumn(Class<?> type) throws Exception {
        String expected = expectedColumnType(type);
        return expected.startsWith("character varying") ? expected.replace("character varying", "varchar")
                : expected;
    }

    /**
     * The id column type of the JPA suite for the attribute type on this database, as the information schema
     * describes it (see the JPA suite's expectations and docs/JPA.md).
     */
    private String expectedColumnType(Class<?> type) throws Exception {
        Class<?> attribute = type.getDeclaredField("id").getType();
        TestDatabase database = database();
        if (attribute == Long.class || attribute == long.class || attribute == TraceId.class
                || attribute == LableId.class) {
            return "bigint";
        }
        if (uuidColumn(attribute)) {
            return "uuid";
        }
        if (attribute == String.class) {
            int length = textLength(type);
            return (database == TestDatabase.MARIADB ? "varchar" : "character varying") + "(" + length + ")";
        }
        int length = attribute == Sno.class || schemeOf(type) == IdScheme.SNO ? 10 : 16;
        return database == TestDatabase.POSTGRESQL ? "bytea" : "binary(" + length + ")";
    }

    /** Whether JPA stores this attribute in a native uuid column here: a UUID, Gid or Muid, except on MariaDB. */
    private boolean uuidColumn(Class<?> attribute) {
        return (attribute == UUID.class || attribute == Gid.class || attribute == Muid.class)
                && database() != TestDatabase.MARIADB;
    }

    private static int textLength(Class<?> type) {
        return switch (schemeOf(type)) {
            case TRACE_ID -> 19;
            case LABLE, SNO -> 16;
            case GID -> 24;
            case MUID -> 34;
        };
    }

    /** The column's type and length as the database's information schema describes them, in lower case. */
    private String columnType(String table) throws Exception {
        String schema = switch (database()) {
            case H2 -> "'PUBLIC'";
            case POSTGRESQL -> "current_schema()";
            case MARIADB -> "database()";
        };
        String sql = "select data_type, character_maximum_length from information_schema.columns "
                + "where table_schema = " + schema + " and lower(table_name) = ? and lower(column_name) = 'id'";
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, table);
            try (ResultSet result = statement.executeQuery()) {
                assertThat(result.next()).as("column %s.id exists", table).isTrue();
                String dataType = result.getString(1).toLowerCase(Locale.ROOT);
                long length = result.getLong(2);
                return result.wasNull() || dataType.equals("uuid") ? dataType : dataType + "(" + length + ")";
            }
        }
    }

    /** The id column of the one row that holds the aggregate's ID, read with plain JDBC. */
    private Object selectOnly(Class<?> type, Identified saved) throws Exception {
        String table = quote(type.getAnnotation(Table.class).value());
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("select id from " + table)) {
            List<Object> values = new ArrayList<>();
            while (result.next()) {
                values.add(result.getObject(1));
            }
            Object value = decode(schemeOf(type), saved.id());
            return values.stream().filter((stored) -> matches(stored, value)).findFirst()
                    .orElseThrow(() -> new AssertionError("no row of " + table + " holds " + value + ": " + values));
        }
    }

    /** Whether a stored value is some form of the ID (the test then checks it is the right form). */
    private static boolean matches(Object stored, Object value) {
        return stored.toString().equals(value.toString()) || stored instanceof byte[] bytes && bytesOf(value) != null
                && java.util.Arrays.equals(bytes, bytesOf(value))
                || stored instanceof Number number && value.toString().equals(decodeLong(value, number.longValue()))
                || stored instanceof UUID uuid && value.equals(fromUuid(value, uuid));
    }

    private static byte[] bytesOf(Object value) {
        return value instanceof Sno sno ? sno.toBytes() : value instanceof Gid gid ? gid.toBytes()
                : value instanceof Muid muid ? muid.toBytes() : null;
    }

    private static String decodeLong(Object value, long stored) {
        return value instanceof TraceId ? TraceId.fromLong(stored).toString()
                : value instanceof LableId ? LableId.fromLong(stored).toString() : null;
    }

    private static Object fromUuid(Object value, UUID uuid) {
        return value instanceof Gid ? Gid.fromUuid(uuid) : value instanceof Muid ? Muid.fromUuid(uuid) : null;
    }

    private String quote(String identifier) {
        return database() == TestDatabase.MARIADB ? "`" + identifier + "`" : "\"" + identifier + "\"";
    }

    private static IdScheme schemeOf(Class<?> type) {
        String name = type.getSimpleName();
        return name.startsWith("TraceId") ? IdScheme.TRACE_ID : name.startsWith("Lable") ? IdScheme.LABLE
                : name.startsWith("Gid") ? IdScheme.GID : name.startsWith("Muid") ? IdScheme.MUID : IdScheme.SNO;
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

    /** Reads an ID back into the scheme's value type, whatever the attribute type. */
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
