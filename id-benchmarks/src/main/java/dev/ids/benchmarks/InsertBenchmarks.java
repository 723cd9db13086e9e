package dev.ids.benchmarks;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.hibernate.GeneratedGid;
import dev.ids.hibernate.GeneratedLableId;
import dev.ids.hibernate.GeneratedMuid;
import dev.ids.hibernate.GeneratedSno;
import dev.ids.hibernate.GeneratedTraceId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.hibernate.SessionFactory;
import org.hibernate.annotations.UuidGenerator;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.hibernate.tool.schema.Action;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@value #ROWS} inserts through Hibernate with JDBC batching (batch size {@value #BATCH_SIZE}), one entity type per
 * ID strategy: the ids generators (plain Hibernate, generators from the {@code ids.generator.<scheme>} settings),
 * {@code IDENTITY}, a pooled {@code SEQUENCE} and Hibernate's UUIDv7 generator. Each invocation starts from an
 * empty table; the score is the time for all rows.
 *
 * <p>Two databases: H2 in memory, where {@code IDENTITY} costs no round trip, and PostgreSQL over a socket on
 * 127.0.0.1 (the {@link InsertDatabase#POSTGRESQL} settings), where it costs one per row as it does for users of a
 * networked database. On PostgreSQL each trial works in a schema of its own, dropped at its end, so two runs on one
 * server do not collide.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class InsertBenchmarks {

    /** Rows inserted per invocation. */
    public static final int ROWS = 100_000;

    /** The JDBC batch size, and how many entities a session holds before it is flushed and cleared. */
    public static final int BATCH_SIZE = 50;

    /** The ID strategy: the key of {@link #ENTITIES}. */
    @Param({"identity", "sequence", "uuidv7", "trace-id", "lable", "sno", "gid", "muid"})
    public String strategy;

    /** The database: {@code h2} or {@code postgresql} (see {@link InsertDatabase}). */
    @Param({"h2", "postgresql"})
    public String database;

    /** Overridden by the suite's smoke mode to keep the check short. */
    @Param({"100000"})
    public int rows;

    private static final Map<String, Class<?>> ENTITIES = Map.of("identity", IdentityRow.class,
            "sequence", SequenceRow.class, "uuidv7", UuidV7Row.class, "trace-id", TraceIdRow.class,
            "lable", LableRow.class, "sno", SnoRow.class, "gid", GidRow.class, "muid", MuidRow.class);

    private SessionFactory factory;
    private InsertDatabase.Target target;
    private String table;
    private Class<?> entity;
    private Supplier<Object> newRow;

    /** Starts Hibernate on a fresh database (H2) or schema (PostgreSQL) with the entity of this strategy. */
    @Setup(Level.Trial)
    public void start() {
        entity = ENTITIES.get(strategy);
        if (entity == null) {
            throw new IllegalArgumentException("strategy '" + strategy + "' is not one of " + ENTITIES.keySet());
        }
        target = InsertDatabase.of(database).open(strategy);
        HibernatePersistenceConfiguration configuration = new HibernatePersistenceConfiguration("bench-" + strategy)
                .managedClass(entity)
                .jdbcUrl(target.url())
                .jdbcCredentials(target.user(), target.password())
                .schemaToolingAction(Action.CREATE_DROP)
                .property("hibernate.jdbc.batch_size", BATCH_SIZE)
                .property("hibernate.order_inserts", true)
                .property("ids.generator.trace-id", TraceIdGenerator.builder().nodeNo(7).build())
                .property("ids.generator.lable", LableIdGenerator.builder().generatorId(5)
                        .mode(LableMode.TIME_SEQUENTIAL).build())
                .property("ids.generator.sno", SnoGenerator.builder().partition(513).build())
                .property("ids.generator.gid", GidGenerator.builder().type(GidType.LOG).build())
                .property("ids.generator.muid", MuidGenerator.builder().medallion(0x1BFC71B112DL).build());
        if (target.schema() != null) {
            configuration.property("hibernate.default_schema", target.schema());
        }
        factory = configuration.createEntityManagerFactory();
        table = (target.schema() == null ? "" : target.schema() + ".") + entity.getAnnotation(Table.class).name();
        newRow = () -> {
            try {
                return entity.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** Empties the table, so that every invocation inserts into the same state. */
    @Setup(Level.Invocation)
    public void empty() {
        factory.inTransaction((session) -> session.createNativeMutationQuery("truncate table " + table)
                .executeUpdate());
    }

    @TearDown(Level.Trial)
    public void stop() {
        factory.close();
        target.close();
    }

    @Benchmark
    public int insert() {
        int[] inserted = new int[1];
        factory.inTransaction((session) -> {
            for (int i = 0; i < rows; i++) {
                Object row = newRow.get();
                session.persist(row);
                if ((i + 1) % BATCH_SIZE == 0) {
                    session.flush();
                    session.clear();
                }
                inserted[0]++;
            }
        });
        return inserted[0];
    }

    @Entity
    @Table(name = "bench_identity")
    public static class IdentityRow {
        @Id
        @GeneratedValue(strategy = GenerationType.IDENTITY)
        Long id;
        int amount = 42;
    }

    @Entity
    @Table(name = "bench_sequence")
    public static class SequenceRow {
        @Id
        @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "bench_sequence_gen")
        @SequenceGenerator(name = "bench_sequence_gen", sequenceName = "bench_sequence_seq",
                allocationSize = BATCH_SIZE)
        Long id;
        int amount = 42;
    }

    @Entity
    @Table(name = "bench_uuidv7")
    public static class UuidV7Row {
        @Id
        @UuidGenerator(style = UuidGenerator.Style.VERSION_7)
        UUID id;
        int amount = 42;
    }

    @Entity
    @Table(name = "bench_trace_id")
    public static class TraceIdRow {
        @Id
        @GeneratedTraceId
        Long id;
        int amount = 42;
    }

    @Entity
    @Table(name = "bench_lable")
    public static class LableRow {
        @Id
        @GeneratedLableId
        Long id;
        int amount = 42;
    }

    @Entity
    @Table(name = "bench_sno")
    public static class SnoRow {
        @Id
        @GeneratedSno
        Sno id;
        int amount = 42;
    }

    @Entity
    @Table(name = "bench_gid")
    public static class GidRow {
        @Id
        @GeneratedGid
        Gid id;
        int amount = 42;
    }

    @Entity
    @Table(name = "bench_muid")
    public static class MuidRow {
        @Id
        @GeneratedMuid
        Muid id;
        int amount = 42;
    }
}
