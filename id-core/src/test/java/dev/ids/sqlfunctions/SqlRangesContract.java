package dev.ids.sqlfunctions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdGenerator;
import dev.ids.clock.ManualClock;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Generated IDs over a year of times lie exactly between {@code ids_min_<scheme>(t)} and {@code ids_max_<scheme>(t)}
 * of their own time unit and outside those of the neighbouring units; run on PostgreSQL and MariaDB by the
 * subclasses.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SqlRangesContract {

    /** A year inside one TraceId window (2025-04-17T00:48:16Z to 2026-05-10T03:48:16Z). */
    private static final Instant YEAR_START = Instant.parse("2025-05-01T00:00:00Z");

    private static final int DAYS = 365;

    private SqlFunctionsDatabase database;
    private SqlQueries sql;

    abstract TestDatabase database();

    @BeforeAll
    void openNamespace() throws SQLException {
        database = SqlFunctionsDatabase.open(database());
        sql = new SqlQueries(database);
    }

    @AfterAll
    void dropNamespace() throws SQLException {
        database.close();
    }

    @ParameterizedTest
    @EnumSource(RangeScheme.class)
    void idsOfAYearLieExactlyWithinTheBoundsOfTheirUnit(RangeScheme scheme) throws SQLException {
        Random random = new Random(39);
        int checked = 0;
        for (int day = 0; day < DAYS; day++) {
            Instant t = scheme.unitStart(YEAR_START.plus(Duration.ofDays(day))
                    .plusNanos((long) (random.nextDouble() * 86_400_000_000_000L)));
            checkUnit(scheme, t);
            checked++;
        }
        assertThat(checked).isEqualTo(DAYS);
    }

    @ParameterizedTest
    @EnumSource(RangeScheme.class)
    void boundsEqualThoseOfJava(RangeScheme scheme) throws SQLException {
        for (Instant t : List.of(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2031-05-08T23:03:34.977123Z"),
                Instant.parse("2039-09-07T15:47:35.551999Z"))) {
            boolean[] equal = sql.one("SELECT " + scheme.min() + " = ?, " + scheme.max() + " = ?",
                    row -> new boolean[] {row.getBoolean(1), row.getBoolean(2)}, database.instant(t),
                    database.column(scheme.javaMin(t)), database.instant(t), database.column(scheme.javaMax(t)));
            assertThat(equal).as("%s at %s", scheme, t).containsExactly(true, true);
        }
    }

    /**
     * At the start of a TraceId window the seconds wrap to 0: the IDs of the second before sort above the window's
     * max, and the documented two-range condition ({@code id >= min(t1) OR id <= max(t2)}) selects both.
     */
    @Test
    void traceIdWindowStartWrapsAndTheTwoRangeConditionCoversIt() throws SQLException {
        Instant windowStart = Instant.parse("2026-05-10T03:48:16Z");
        ManualClock clock = ManualClock.at(windowStart.minusMillis(1));
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(7).clock(clock).build();
        TraceId before = generator.next();
        clock.advance(Duration.ofMillis(1));
        TraceId first = generator.next();
        Instant from = windowStart.minusSeconds(60);
        Instant to = windowStart.plusSeconds(60);
        boolean[] found = sql.one("SELECT ids_min_traceid(?) = 1, ? > ids_max_traceid(?), "
                + "? BETWEEN ids_min_traceid(?) AND ids_max_traceid(?), "
                + "(? >= ids_min_traceid(?) OR ? <= ids_max_traceid(?)), (? >= ids_min_traceid(?) OR ? <= ids_max_traceid(?))",
                row -> new boolean[] {row.getBoolean(1), row.getBoolean(2), row.getBoolean(3), row.getBoolean(4),
                        row.getBoolean(5)},
                database.instant(windowStart), before.toLong(), database.instant(windowStart),
                before.toLong(), database.instant(from), database.instant(to),
                before.toLong(), database.instant(from), before.toLong(), database.instant(to),
                first.toLong(), database.instant(from), first.toLong(), database.instant(to));
        assertThat(found).containsExactly(true, true, false, true, true);
    }

    private void checkUnit(RangeScheme scheme, Instant t) throws SQLException {
        Instant before = t.minus(scheme.step());
        Instant last = t.plus(scheme.unit()).minus(scheme.step());
        Instant after = t.plus(scheme.unit());
        ManualClock clock = ManualClock.at(before);
        IdGenerator<?> generator = scheme.generatorAt(clock);
        Object idBefore = generator.next();
        clock.advance(scheme.step());
        List<Object> inside = new ArrayList<>();
        inside.add(generator.next());
        if (last.isAfter(t)) {
            clock.advance(Duration.between(t, last));
            inside.add(generator.next());
        }
        clock.advance(Duration.between(clock.instant(), after));
        Object idAfter = generator.next();
        Object min = database.instant(t);
        StringBuilder query = new StringBuilder("SELECT ? < " + scheme.min() + ", ? > " + scheme.max());
        List<Object> parameters = new ArrayList<>(List.of(database.column(idBefore), min, database.column(idAfter), min));
        for (Object id : inside) {
            query.append(", ? BETWEEN ").append(scheme.min()).append(" AND ").append(scheme.max());
            parameters.addAll(List.of(database.column(id), min, min));
        }
        int columns = 2 + inside.size();
        List<Boolean> results = sql.one(query.toString(), row -> {
            List<Boolean> values = new ArrayList<>();
            for (int i = 1; i <= columns; i++) {
                values.add(row.getBoolean(i));
            }
            return values;
        }, parameters.toArray());
        assertThat(results).as("%s at %s: %s below, %s inside, %s above", scheme, t, idBefore, inside, idAfter)
                .containsOnly(true);
    }
}
