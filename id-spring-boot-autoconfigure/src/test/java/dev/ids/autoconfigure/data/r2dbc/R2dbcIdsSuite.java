package dev.ids.autoconfigure.data.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.data.relational.core.query.Criteria.where;
import static org.springframework.data.relational.core.query.Query.query;

import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.GidAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.Identified;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.LableAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.MuidAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.Payment;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.SnoAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.SnoRecord;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.TraceIdAsLong;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.TraceIdAsValue;
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
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.context.ApplicationContext;
import org.springframework.data.r2dbc.core.R2dbcEntityTemplate;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.test.annotation.DirtiesContext;
import reactor.core.publisher.Flux;

/**
 * The Spring Data R2DBC suite, run on each database by a subclass: every scheme's ID, as its value type and as other
 * types JPA accepts, generated from the scheme's generator bean through the reactive callback, inserted and read
 * back; stored in the column JPA gives it, holding what JPA stores (read with plain JDBC); selected by ID range
 * through derived queries; a named generator; a record; assigned IDs kept.
 *
 * <p>The tables are created here, with the column types of the JPA suite, in a namespace of this test JVM's own on
 * the servers ({@link TestDatabase#ownUrl}), so that runs never share tables.
 */
@SpringBootTest(classes = R2dbcTestApplication.class, webEnvironment = WebEnvironment.NONE, properties = {
        "ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.lable.mode=time-sequential",
        "ids.sno.partition=513", "ids.sno.named.payments.partition=2",
        // Not leased: every identity is configured above, and the suite is about the mapping, not the lease (on H2,
        // a private in-memory database, auto mode does not lease either). Leased from the fresh schema, the claims
        // find no mark and start from the floor, so the start-up waits ~20 s (docs/LEASES.md, "A record that is
        // lost"); the leases are the subject of the node package's tests.
        "ids.node.provider=static" })
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class R2dbcIdsSuite {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Autowired
    private R2dbcEntityTemplate template;

    @Autowired
    private ApplicationContext context;

    /** Returns the database the subclass runs the suite on. */
    abstract TestDatabase database();

    /** Returns the scope the subclass's {@link TestDatabase#ownUrl} was made with. */
    abstract String scope();

    /**
     * The R2DBC URL of the namespace of {@link TestDatabase#ownUrl} (for H2 a private in-memory database).
     *
     * @param database the database
     * @param scope the H2 database's name
     * @return the URL for {@code ConnectionFactories.get}
     */
    static String r2dbcUrl(TestDatabase database, String scope) {
        String jdbc = database.ownUrl(scope);
        return switch (database) {
            case H2 -> "r2dbc:h2:mem:///ids-" + scope + "?options=DB_CLOSE_DELAY=-1";
            case POSTGRESQL -> "r2dbc:postgresql://127.0.0.1:5432/test?schema="
                    + jdbc.substring(jdbc.indexOf("currentSchema=") + "currentSchema=".length());
            case MARIADB -> "r2dbc:mariadb://127.0.0.1:3306/" + jdbc.substring(jdbc.lastIndexOf('/') + 1);
        };
    }

    Stream<Class<? extends Identified>> identified() {
        return R2dbcEntities.IDENTIFIED.stream()
                .filter((type) -> database() != TestDatabase.MARIADB || !R2dbcEntities.hasUuidId(type));
    }

    @BeforeAll
    void createTables() throws Exception {
        List<Class<?>> tables = new ArrayList<>(identified().toList());
        tables.add(Payment.class);
        try (Connection connection = jdbc(); Statement statement = connection.createStatement()) {
            for (Class<?> type : tables) {
                String table = table(type);
                statement.execute("drop table if exists " + table);
                statement.execute("create table " + table + " (id " + jpaColumn(type) + " primary key)");
            }
            statement.execute("drop table if exists " + table(SnoRecord.class));
            statement.execute("create table " + table(SnoRecord.class) + " (id " + jpaColumn(SnoAsValue.class)
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
        Identified saved = template.insert(type.getDeclaredConstructor().newInstance()).block(TIMEOUT);
        assertThat(bean.generatedCount()).as("IDs from the %s bean", scheme).isEqualTo(before + 1);
        Object value = decode(scheme, saved.id());
        assertMadeBy(scheme, value, bean);
        Object found = template.select(type).matching(query(where("id").is(saved.id()))).one().block(TIMEOUT);
        assertThat(found).as("%s found by its id", type.getSimpleName()).isNotNull();
        assertThat(decode(scheme, ((Identified) found).id())).isEqualTo(value);
        assertThat(stored(type)).as("what %s's column holds", type.getSimpleName())
                .anySatisfy((stored) -> assertThat(stored).isEqualTo(jpaStores(type, value)));
    }

    @Test
    void derivedQueriesSelectTraceIdsByRange() {
        assertRange(context.getBean(R2dbcRepositories.TraceIds.class), TraceIdAsValue::new, (entity) -> entity.id,
                R2dbcRepositories.TraceIds::findByIdBetweenOrderById);
    }

    @Test
    void derivedQueriesSelectLableIdsByRange() {
        assertRange(context.getBean(R2dbcRepositories.LableIds.class), LableAsValue::new, (entity) -> entity.id,
                R2dbcRepositories.LableIds::findByIdBetweenOrderById);
    }

    @Test
    void derivedQueriesSelectGidsByRange() {
        assertRange(context.getBean(R2dbcRepositories.Gids.class), GidAsValue::new, (entity) -> entity.id,
                R2dbcRepositories.Gids::findByIdBetweenOrderById);
    }

    @Test
    void derivedQueriesSelectSnosByRange() {
        assertRange(context.getBean(R2dbcRepositories.Snos.class), SnoAsValue::new, (entity) -> entity.id,
                R2dbcRepositories.Snos::findByIdBetweenOrderById);
    }

    @Test
    void derivedQueriesSelectMuidsByRange() {
        assertRange(context.getBean(R2dbcRepositories.Muids.class), MuidAsValue::new, (entity) -> entity.id,
                R2dbcRepositories.Muids::findByIdBetweenOrderById);
    }

    @Test
    void aNamedGeneratorIsSelectedByTheAnnotation() {
        SnoGenerator payments = context.getBean("paymentsSnoGenerator", SnoGenerator.class);
        long before = payments.generatedCount();
        Payment saved = template.insert(new Payment()).block(TIMEOUT);
        assertThat(saved.id.partition()).isEqualTo(2);
        assertThat(payments.generatedCount()).isEqualTo(before + 1);
    }

    @Test
    void anImmutableEntityGetsItsIdInACopy() {
        SnoRecord saved = template.insert(new SnoRecord(null, "first")).block(TIMEOUT);
        assertThat(saved.id().partition()).isEqualTo(513);
        assertThat(saved.name()).isEqualTo("first");
        assertThat(context.getBean(R2dbcEntityTemplate.class).select(SnoRecord.class).all().collectList()
                .block(TIMEOUT)).contains(saved);
    }

    @Test
    void idsTheApplicationAssignedAreKept() {
        TraceIdGenerator traceIds = context.getBean(TraceIdGenerator.class);
        long before = traceIds.generatedCount();
        TraceIdAsLong assigned = new TraceIdAsLong();
        assigned.id = 4242L;
        TraceIdAsLong saved = template.insert(assigned).block(TIMEOUT);
        assertThat(saved.id).isEqualTo(4242L);
        assertThat(traceIds.generatedCount()).isEqualTo(before);
        assertThat(stored(TraceIdAsLong.class)).contains(4242L);
    }

    /**
     * Three entities saved in turn, their IDs sorted in the value type's order (GIDs of one millisecond are in random
     * order): a range from the lowest to the middle one selects those two, and to the highest all three, in that
     * order, so the database orders the column as the value type does.
     */
    private <E, I extends Comparable<? super I>, R> void assertRange(R repository, Supplier<E> create,
            Function<E, I> id, RangeQuery<R, I, E> query) {
        List<I> ids = java.util.stream.Stream.of(template.insert(create.get()).block(TIMEOUT),
                template.insert(create.get()).block(TIMEOUT), template.insert(create.get()).block(TIMEOUT))
                .map(id).sorted().toList();
        assertThat(query.select(repository, ids.get(0), ids.get(1)).map(id).collectList().block(TIMEOUT))
                .containsExactly(ids.get(0), ids.get(1));
        assertThat(query.select(repository, ids.get(0), ids.get(2)).map(id).collectList().block(TIMEOUT))
                .containsExactlyElementsOf(ids);
    }

    /** A derived query by ID range. */
    @FunctionalInterface
    interface RangeQuery<R, I, E> {

        Flux<E> select(R repository, I from, I to);
    }

    private Connection jdbc() throws Exception {
        TestDatabase database = database();
        return DriverManager.getConnection(database.ownUrl(scope()), database.username(), database.password());
    }

    /** The table of an entity, quoted as Spring Data R2DBC quotes it. */
    private String table(Class<?> type) {
        String name = type.getAnnotation(Table.class).value();
        return database() == TestDatabase.MARIADB ? "`" + name + "`" : "\"" + name + "\"";
    }

    /** Every value the entity's id column holds, read with plain JDBC (bytes as lists, to compare by content). */
    private List<Object> stored(Class<?> type) {
        try (Connection connection = jdbc(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("select id from " + table(type))) {
            List<Object> values = new ArrayList<>();
            while (result.next()) {
                Object value = result.getObject(1);
                values.add(value instanceof byte[] bytes ? bytesList(bytes)
                        : value instanceof Number number ? (Object) number.longValue() : value);
            }
            return values;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * What JPA stores for the ID in this entity's column: the {@code long} of a 64-bit ID, the bytes of a sno, the
     * UUID of a GID or muid where the column is a uuid and its bytes elsewhere, the canonical string of a String ID.
     */
    private Object jpaStores(Class<?> type, Object value) throws Exception {
        Class<?> attribute = type.getDeclaredField("id").getType();
        if (attribute == String.class) {
            return value.toString();
        }
        if (value instanceof TraceId traceId) {
            return traceId.toLong();
        }
        if (value instanceof LableId lableId) {
            return lableId.toLong();
        }
        if (value instanceof Sno sno) {
            return bytesList(sno.toBytes());
        }
        if (uuidColumn(attribute)) {
            return value instanceof Gid gid ? gid.toUuid() : ((Muid) value).toUuid();
        }
        return bytesList(value instanceof Gid gid ? gid.toBytes() : ((Muid) value).toBytes());
    }

    /** The column type JPA gives the attribute on this database (see the JPA suite and docs/JPA.md). */
    private String jpaColumn(Class<?> type) throws Exception {
        Class<?> attribute = type.getDeclaredField("id").getType();
        if (attribute == Long.class || attribute == TraceId.class || attribute == LableId.class) {
            return "bigint";
        }
        if (uuidColumn(attribute)) {
            return "uuid";
        }
        if (attribute == String.class) {
            return "varchar(" + (schemeOf(type) == IdScheme.SNO || schemeOf(type) == IdScheme.LABLE ? 16 : 34) + ")";
        }
        int length = schemeOf(type) == IdScheme.SNO ? 10 : 16;
        return database() == TestDatabase.POSTGRESQL ? "bytea" : "binary(" + length + ")";
    }

    private boolean uuidColumn(Class<?> attribute) {
        return (attribute == UUID.class || attribute == Gid.class || attribute == Muid.class)
                && database() != TestDatabase.MARIADB;
    }

    private static List<Byte> bytesList(byte[] bytes) {
        List<Byte> list = new ArrayList<>();
        for (byte b : bytes) {
            list.add(b);
        }
        return list;
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
