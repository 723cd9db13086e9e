package dev.ids.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdGenerator;
import dev.ids.clock.ManualClock;
import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.jpa.app.AttributesEntity;
import dev.ids.jpa.app.AttributesRepository;
import dev.ids.jpa.app.EntitiesApplication;
import dev.ids.jpa.app.GidEntity;
import dev.ids.jpa.app.GidRepository;
import dev.ids.jpa.app.LableIdEntity;
import dev.ids.jpa.app.LableIdRepository;
import dev.ids.jpa.app.MuidEntity;
import dev.ids.jpa.app.MuidRepository;
import dev.ids.jpa.app.SnoEntity;
import dev.ids.jpa.app.SnoRepository;
import dev.ids.jpa.app.TraceIdEntity;
import dev.ids.jpa.app.TraceIdRepository;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The entity suite every test database runs: value-type IDs of each scheme saved and found, the exact column types,
 * value-type attributes with and without converters, Spring Data JPA repositories (find, exists, delete, pages
 * sorted by ID, time ranges), and the database's order of every column against the values' order.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class IdEntitiesTestSuite {

    /** Far from a TraceId timestamp wrap: 2026-03-01T10:00:00Z. */
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    private final TestDatabase database;

    private ConfigurableApplicationContext context;

    IdEntitiesTestSuite(TestDatabase database) {
        this.database = database;
    }

    @BeforeAll
    void startApplication() {
        List<String> args = new ArrayList<>(List.of("--spring.jpa.hibernate.ddl-auto=create-drop",
                "--spring.jpa.open-in-view=false", "--spring.main.banner-mode=off"));
        database.springProperties(getClass().getSimpleName()).forEach((key, value) -> args.add("--" + key + "=" + value));
        context = new SpringApplicationBuilder(EntitiesApplication.class).web(WebApplicationType.NONE)
                .run(args.toArray(String[]::new));
    }

    @AfterAll
    void stopApplication() {
        if (context != null) {
            context.close();
        }
    }

    @BeforeEach
    void emptyTables() {
        List.of(TraceIdRepository.class, LableIdRepository.class, GidRepository.class, SnoRepository.class,
                MuidRepository.class, AttributesRepository.class).forEach(type -> context.getBean(type).deleteAllInBatch());
    }

    // ---- IDs of each scheme -------------------------------------------------------------------------------------

    @Test
    void traceIdIdIsFoundExistsAndIsDeletedByAnEqualValue() {
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(7).build();
        findExistsDelete(context.getBean(TraceIdRepository.class), generator, TraceIdEntity::new,
                id -> TraceId.parse(id.toString()));
    }

    @Test
    void lableIdIsFoundExistsAndIsDeletedByAnEqualValue() {
        LableIdGenerator generator = LableIdGenerator.builder().generatorId(5).build();
        findExistsDelete(context.getBean(LableIdRepository.class), generator, LableIdEntity::new,
                id -> LableId.parse(id.toString()));
    }

    @Test
    void gidIdIsFoundExistsAndIsDeletedByAnEqualValue() {
        GidGenerator generator = GidGenerator.builder().type(GidType.SEGMENT).build();
        findExistsDelete(context.getBean(GidRepository.class), generator, GidEntity::new,
                id -> Gid.parse(id.toString()));
    }

    @Test
    void snoIdIsFoundExistsAndIsDeletedByAnEqualValue() {
        SnoGenerator generator = SnoGenerator.builder().partition(513).build();
        findExistsDelete(context.getBean(SnoRepository.class), generator, SnoEntity::new,
                id -> Sno.parse(id.toString()));
    }

    @Test
    void muidIdIsFoundExistsAndIsDeletedByAnEqualValue() {
        MuidGenerator generator = MuidGenerator.builder().randomMedallion().build();
        findExistsDelete(context.getBean(MuidRepository.class), generator, MuidEntity::new,
                id -> Muid.parse(id.toString()));
    }

    private <T, E> void findExistsDelete(JpaRepository<E, T> repository, IdGenerator<T> generator,
            BiFunction<T, String, E> entity, Function<T, T> equalCopy) {
        List<T> ids = List.of(generator.next(), generator.next(), generator.next());
        ids.forEach(id -> repository.save(entity.apply(id, "row " + id)));
        T second = equalCopy.apply(ids.get(1));
        assertThat(second).isNotSameAs(ids.get(1)).isEqualTo(ids.get(1));
        assertThat(repository.findById(second)).hasValueSatisfying(found -> assertThat(found)
                .extracting("id", "name").containsExactly(ids.get(1), "row " + ids.get(1)));
        assertThat(repository.existsById(second)).isTrue();
        repository.deleteById(second);
        assertThat(repository.existsById(equalCopy.apply(ids.get(1)))).isFalse();
        assertThat(repository.findById(equalCopy.apply(ids.get(1)))).isEmpty();
        assertThat(repository.count()).isEqualTo(2);
    }

    // ---- Pages sorted by ID ---------------------------------------------------------------------------------------

    @Test
    void pagesSortedByIdFollowTheValueOrderForEachScheme() {
        Random random = new Random(42);
        pagesFollowValueOrder(context.getBean(TraceIdRepository.class), () -> randomTraceId(random),
                TraceIdEntity::new, TraceIdEntity::getId);
        pagesFollowValueOrder(context.getBean(LableIdRepository.class), () -> randomSequentialLable(random),
                LableIdEntity::new, LableIdEntity::getId);
        pagesFollowValueOrder(context.getBean(GidRepository.class), () -> randomGid(random), GidEntity::new,
                GidEntity::getId);
        pagesFollowValueOrder(context.getBean(SnoRepository.class), () -> randomSno(random), SnoEntity::new,
                SnoEntity::getId);
        pagesFollowValueOrder(context.getBean(MuidRepository.class), () -> randomMuid(random), MuidEntity::new,
                MuidEntity::getId);
    }

    private <T extends Comparable<T>, E> void pagesFollowValueOrder(JpaRepository<E, T> repository,
            Supplier<T> values, BiFunction<T, String, E> entity, Function<E, T> idOf) {
        List<T> ids = new ArrayList<>();
        for (int i = 0; i < 23; i++) {
            ids.add(values.get());
        }
        ids.forEach(id -> repository.save(entity.apply(id, "x")));
        List<T> paged = new ArrayList<>();
        Pageable pageable = PageRequest.of(0, 5, Sort.by("id"));
        Page<E> page;
        do {
            page = repository.findAll(pageable);
            page.forEach(row -> paged.add(idOf.apply(row)));
            pageable = page.nextPageable();
        } while (page.hasNext());
        List<T> sorted = new ArrayList<>(ids);
        Collections.sort(sorted);
        assertThat(paged).containsExactlyElementsOf(sorted);
        assertThat(page.getTotalElements()).isEqualTo(23);
    }

    // ---- Time ranges ------------------------------------------------------------------------------------------------

    @Test
    void snoTimeRangeReturnsExactlyTheRowsCreatedInTheRange() {
        ManualClock clock = ManualClock.at(T0);
        SnoGenerator generator = SnoGenerator.builder().partition(513).clock(clock).build();
        timeRange(context.getBean(SnoRepository.class)::findByIdBetweenOrderByIdAsc, context.getBean(SnoRepository.class),
                clock, generator, SnoEntity::new, SnoEntity::getId, Sno::min, Sno::max);
    }

    @Test
    void muidTimeRangeReturnsExactlyTheRowsCreatedInTheRange() {
        ManualClock clock = ManualClock.at(T0);
        MuidGenerator generator = MuidGenerator.builder().medallion(0x1234_5678_9ABL).clock(clock).build();
        timeRange(context.getBean(MuidRepository.class)::findByIdBetweenOrderByIdAsc,
                context.getBean(MuidRepository.class), clock, generator, MuidEntity::new, MuidEntity::getId,
                Muid::min, Muid::max);
    }

    @Test
    void traceIdTimeRangeWithinOneWindowReturnsExactlyTheRowsCreatedInTheRange() {
        ManualClock clock = ManualClock.at(T0);
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(7).clock(clock).build();
        timeRange(context.getBean(TraceIdRepository.class)::findByIdBetweenOrderByIdAsc,
                context.getBean(TraceIdRepository.class), clock, generator, TraceIdEntity::new, TraceIdEntity::getId,
                TraceId::min, TraceId::max);
    }

    @Test
    void timeSequentialLableTimeRangeReturnsExactlyTheRowsCreatedInTheRange() {
        ManualClock clock = ManualClock.at(T0);
        LableIdGenerator generator = LableIdGenerator.builder().generatorId(5).clusterId(3)
                .mode(LableMode.TIME_SEQUENTIAL).clock(clock).build();
        timeRange(context.getBean(LableIdRepository.class)::findByIdBetweenOrderByIdAsc,
                context.getBean(LableIdRepository.class), clock, generator, LableIdEntity::new, LableIdEntity::getId,
                generator::min, generator::max);
    }

    @Test
    void gidTimeRangeOfOneTypeReturnsExactlyThatTypesRowsCreatedInTheRange() {
        ManualClock clock = ManualClock.at(T0);
        GidGenerator volumes = GidGenerator.builder().type(GidType.VOLUME).clock(clock).build();
        GidGenerator logs = GidGenerator.builder().type(GidType.LOG).clock(clock).build();
        GidGenerator segments = GidGenerator.builder().type(GidType.SEGMENT).clock(clock).build();
        GidRepository repository = context.getBean(GidRepository.class);
        Map<GidType, List<Gid>> inRange = new LinkedHashMap<>();
        for (int second = 0; second < 10; second++) {
            for (GidGenerator generator : List.of(volumes, logs, segments)) {
                for (int i = 0; i < 3; i++) {
                    Gid id = generator.next();
                    repository.save(new GidEntity(id, "x"));
                    if (second >= 3 && second <= 6) {
                        inRange.computeIfAbsent(id.type(), type -> new ArrayList<>()).add(id);
                    }
                }
            }
            clock.advance(Duration.ofSeconds(1));
        }
        for (GidType type : GidType.values()) {
            List<Gid> found = repository.findByIdBetweenOrderByIdAsc(Gid.min(type, T0.plusSeconds(3)),
                    Gid.max(type, T0.plusSeconds(7).minusNanos(1))).stream().map(GidEntity::getId).toList();
            assertThat(found).as(type.toString()).hasSize(12)
                    .containsExactlyElementsOf(inRange.get(type).stream().sorted().toList());
        }
    }

    /**
     * Creates three IDs in each of ten seconds from {@link #T0}, then asks for those of seconds 3 to 6 with
     * {@code findByIdBetween(min(T0 + 3 s), max(T0 + 7 s - 1 ns))}: {@code max} bounds the scheme's time unit
     * (second, 4 ms, millisecond or microsecond) that holds its instant, so the upper bound is the last instant
     * wanted.
     */
    private <T extends Comparable<T>, E> void timeRange(BiFunction<T, T, List<E>> between,
            JpaRepository<E, T> repository, ManualClock clock, IdGenerator<T> generator,
            BiFunction<T, String, E> entity, Function<E, T> idOf, Function<Instant, T> min, Function<Instant, T> max) {
        List<T> expected = new ArrayList<>();
        for (int second = 0; second < 10; second++) {
            for (int i = 0; i < 3; i++) {
                T id = generator.next();
                repository.save(entity.apply(id, "second " + second));
                if (second >= 3 && second <= 6) {
                    expected.add(id);
                }
            }
            clock.advance(Duration.ofSeconds(1));
        }
        List<T> found = between.apply(min.apply(T0.plusSeconds(3)), max.apply(T0.plusSeconds(7).minusNanos(1))).stream()
                .map(idOf).toList();
        assertThat(found).hasSize(12).containsExactlyElementsOf(expected.stream().sorted().toList());
    }

    // ---- Attributes -------------------------------------------------------------------------------------------

    @Test
    void valueTypeAttributesWithAndWithoutConvertersReadBackEqual() {
        Random random = new Random(7);
        AttributesEntity saved = new AttributesEntity(1L, randomTraceId(random), randomSequentialLable(random),
                randomGid(random), randomSno(random), randomMuid(random));
        AttributesRepository repository = context.getBean(AttributesRepository.class);
        repository.save(saved);
        assertThat(repository.findById(1L)).hasValueSatisfying(
                found -> assertThat(found.values()).isNotSameAs(saved.values()).containsExactly(saved.values()));
    }

    @Test
    void everyColumnSortsLikeTheValues() {
        Random random = new Random(1234);
        List<AttributesEntity> rows = new ArrayList<>();
        for (long i = 0; i < 60; i++) {
            rows.add(new AttributesEntity(i, randomTraceId(random), randomSequentialLable(random), randomGid(random),
                    randomSno(random), randomMuid(random)));
        }
        context.getBean(AttributesRepository.class).saveAll(rows);
        String[] attributes = {"traceId", "lable", "gid", "sno", "muid", "traceIdVarchar", "lableVarchar",
            "gidVarchar", "snoVarchar", "muidVarchar", "traceIdText", "lableText", "gidText", "snoText", "muidText",
            "traceIdLong", "lableLong", "gidBytes", "snoBytes", "muidBytes"};
        EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager();
        try {
            for (int i = 0; i < attributes.length; i++) {
                int index = i;
                List<Comparable<Object>> ordered = entityManager.createQuery(
                        "select a from AttributesEntity a order by a." + attributes[i], AttributesEntity.class)
                        .getResultList().stream().map(row -> valueAt(row, index)).toList();
                List<Comparable<Object>> sorted = rows.stream().map(row -> valueAt(row, index)).sorted().toList();
                assertThat(ordered).as(attributes[i]).containsExactlyElementsOf(sorted);
            }
        } finally {
            entityManager.close();
        }
    }

    @SuppressWarnings("unchecked")
    private static Comparable<Object> valueAt(AttributesEntity row, int index) {
        return (Comparable<Object>) row.values()[index];
    }

    // ---- Column types --------------------------------------------------------------------------------------------

    @Test
    void idColumnsHaveTheExactTypes() throws SQLException {
        assertThat(columnType("jt_trace", "id")).isEqualTo(expected("bigint"));
        assertThat(columnType("jt_lable", "id")).isEqualTo(expected("bigint"));
        assertThat(columnType("jt_gid", "id")).isEqualTo(expected("uuid"));
        assertThat(columnType("jt_muid", "id")).isEqualTo(expected("uuid"));
        assertThat(columnType("jt_sno", "id")).isEqualTo(expected("binary(10)"));
    }

    @Test
    void attributeColumnsHaveTheExactTypes() throws SQLException {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("trace_id", "bigint");
        expected.put("lable", "bigint");
        expected.put("gid", "uuid");
        expected.put("sno", "binary(10)");
        expected.put("muid", "uuid");
        expected.put("trace_id_varchar", "varchar(19)");
        expected.put("lable_varchar", "varchar(16)");
        expected.put("gid_varchar", "varchar(24)");
        expected.put("sno_varchar", "varchar(16)");
        expected.put("muid_varchar", "varchar(34)");
        expected.put("trace_id_text", "varchar(19)");
        expected.put("lable_text", "varchar(16)");
        expected.put("gid_text", "varchar(24)");
        expected.put("sno_text", "varchar(16)");
        expected.put("muid_text", "varchar(34)");
        expected.put("trace_id_long", "bigint");
        expected.put("lable_long", "bigint");
        expected.put("gid_bytes", "varbinary(16)");
        expected.put("sno_bytes", "varbinary(10)");
        expected.put("muid_bytes", "varbinary(16)");
        Map<String, String> actual = new LinkedHashMap<>();
        Map<String, String> wanted = new LinkedHashMap<>();
        for (Map.Entry<String, String> column : expected.entrySet()) {
            actual.put(column.getKey(), columnType("jt_attributes", column.getKey()));
            wanted.put(column.getKey(), expected(column.getValue()));
        }
        assertThat(actual).isEqualTo(wanted);
    }

    @Test
    void orderedVarcharColumnsHaveABinaryCollation() throws SQLException {
        String sql = "select collation_name from information_schema.columns where lower(table_name) = 'jt_attributes'"
                + " and lower(column_name) = ?";
        String expected = switch (database) {
            case H2 -> "OFF";
            case POSTGRESQL -> "C";
            case MARIADB -> "ascii_bin";
        };
        try (Connection connection = context.getBean(DataSource.class).getConnection()) {
            for (String column : List.of("gid_varchar", "gid_text")) {
                var statement = connection.prepareStatement(sql + (database == TestDatabase.MARIADB
                        ? " and table_schema = database()" : ""));
                statement.setString(1, column);
                try (ResultSet result = statement.executeQuery()) {
                    assertThat(result.next()).as(column).isTrue();
                    assertThat(result.getString(1)).as(column).isEqualTo(expected);
                }
            }
        }
    }

    /** The column's type as the driver names it, with the size for character and binary types. */
    private String columnType(String table, String column) throws SQLException {
        try (Connection connection = context.getBean(DataSource.class).getConnection()) {
            DatabaseMetaData metaData = connection.getMetaData();
            for (String name : List.of(table, table.toUpperCase())) {
                try (ResultSet columns = metaData.getColumns(connection.getCatalog(), null, name,
                        name.equals(table) ? column : column.toUpperCase())) {
                    if (columns.next()) {
                        String type = columns.getString("TYPE_NAME");
                        boolean sized = type.toLowerCase().matches(".*(char|binary).*");
                        return sized ? type + "(" + columns.getInt("COLUMN_SIZE") + ")" : type;
                    }
                }
            }
            return "no column " + table + "." + column;
        }
    }

    /** What each database's driver reports for a type. */
    private String expected(String type) {
        String size = type.contains("(") ? type.substring(type.indexOf('(')) : "";
        String base = type.contains("(") ? type.substring(0, type.indexOf('(')) : type;
        return switch (database) {
            case H2 -> switch (base) {
                case "varchar" -> "CHARACTER VARYING" + size;
                case "varbinary" -> "BINARY VARYING" + size;
                default -> base.toUpperCase() + size;
            };
            case POSTGRESQL -> switch (base) {
                case "bigint" -> "int8";
                case "binary", "varbinary" -> "bytea";
                default -> base + size;
            };
            case MARIADB -> base.equals("uuid") ? "BINARY(16)" : base.toUpperCase() + size;
        };
    }

    // ---- Random values ------------------------------------------------------------------------------------------

    private static TraceId randomTraceId(Random random) {
        return TraceId.of(random.nextLong(TraceId.MAX_TIMESTAMP + 1), random.nextInt(TraceId.MAX_NODE_NO + 1),
                random.nextInt(TraceId.MAX_CHUNK_NO + 1), 1 + random.nextInt(TraceId.MAX_COUNTER));
    }

    /** A time-sequential Lable ID before 2039-09-07, when the top bit of the value is still clear. */
    private static LableId randomSequentialLable(Random random) {
        return LableId.of(random.nextLong(1L << 41), random.nextInt(64), random.nextInt(64), random.nextInt(16),
                LableMode.TIME_SEQUENTIAL);
    }

    private static Gid randomGid(Random random) {
        byte[] tail = new byte[Gid.RANDOM_BYTES];
        random.nextBytes(tail);
        tail[0] |= (byte) 0x80;
        return Gid.of(GidType.values()[random.nextInt(3)], random.nextLong(Gid.MAX_TIMESTAMP_MILLIS + 1), tail);
    }

    private static Sno randomSno(Random random) {
        byte[] bytes = new byte[Sno.BYTES];
        random.nextBytes(bytes);
        return Sno.fromBytes(bytes);
    }

    private static Muid randomMuid(Random random) {
        return Muid.of(random.nextLong(Muid.MAX_TIMESTAMP + 1), random.nextLong(Muid.MAX_MEDALLION + 1),
                random.nextInt());
    }
}
