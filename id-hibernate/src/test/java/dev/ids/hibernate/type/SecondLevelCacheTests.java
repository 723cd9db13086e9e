package dev.ids.hibernate.type;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import jakarta.persistence.Cacheable;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.hibernate.SessionFactory;
import org.hibernate.annotations.Cache;
import org.hibernate.annotations.CacheConcurrencyStrategy;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.hibernate.stat.Statistics;
import org.hibernate.tool.schema.Action;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Entities of each ID type in Hibernate's second-level cache: JCache over Caffeine, storing by value, so the cached
 * ID and attribute go through Java serialization both ways. Each entity, read once to fill the cache, is read again
 * from the cache (a hit in Hibernate's statistics, no SQL statement) with its ID and its attribute of the same type.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SecondLevelCacheTests {

    private EntityManagerFactory factory;

    private Statistics statistics;

    @BeforeAll
    void startHibernate() {
        factory = new HibernatePersistenceConfiguration("second-level-cache")
                .managedClasses(TraceIdRow.class, LableIdRow.class, GidRow.class, SnoRow.class, MuidRow.class)
                .jdbcUrl("jdbc:h2:mem:ids-second-level-cache;DB_CLOSE_DELAY=-1").jdbcCredentials("sa", "")
                .schemaToolingAction(Action.CREATE_DROP)
                .property("hibernate.cache.use_second_level_cache", true)
                .property("hibernate.cache.region.factory_class", "jcache")
                .property("hibernate.javax.cache.provider",
                        "com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider")
                .property("hibernate.javax.cache.uri", "dev/ids/hibernate/type/second-level-cache.conf")
                .property("hibernate.javax.cache.missing_cache_strategy", "create")
                .property("hibernate.generate_statistics", true)
                .createEntityManagerFactory();
        statistics = factory.unwrap(SessionFactory.class).getStatistics();
    }

    @AfterAll
    void stopHibernate() {
        if (factory != null) {
            factory.close();
        }
    }

    static Stream<Arguments> rows() {
        return Stream.of(
                row(TraceIdRow.class, TraceIdRow::new, TraceIdGenerator.builder().nodeNo(7).build()::next),
                row(LableIdRow.class, LableIdRow::new, LableIdGenerator.builder().generatorId(5).build()::next),
                row(GidRow.class, GidRow::new, GidGenerator.builder().type(GidType.VOLUME).build()::next),
                row(SnoRow.class, SnoRow::new, SnoGenerator.builder().partition(513).build()::next),
                row(MuidRow.class, MuidRow::new, MuidGenerator.builder().build()::next));
    }

    private static <T> Arguments row(Class<? extends CachedRow<T>> type, BiFunction<T, T, CachedRow<T>> row,
            Supplier<T> ids) {
        return Arguments.of(type.getSimpleName(), type, row.apply(ids.get(), ids.get()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void entityIsReadBackFromTheSecondLevelCacheWithItsIdAndAttribute(String name, Class<CachedRow<?>> type,
            CachedRow<?> row) {
        factory.runInTransaction(em -> em.persist(row));
        factory.getCache().evictAll();
        factory.runInTransaction(em -> em.find(type, row.id()));
        statistics.clear();

        CachedRow<?> cached = factory.callInTransaction(em -> em.find(type, row.id()));
        CachedRow<?> again = factory.callInTransaction(em -> em.find(type, row.id()));

        assertThat(statistics.getEntityStatistics(type.getName()).getCacheHitCount()).as("cache hits").isEqualTo(2);
        assertThat(statistics.getSecondLevelCacheMissCount()).as("cache misses").isZero();
        assertThat(statistics.getPrepareStatementCount()).as("SQL statements").isZero();
        assertThat(cached.id()).isEqualTo(row.id()).isInstanceOf(row.id().getClass());
        assertThat(cached.other()).isEqualTo(row.other()).isNotEqualTo(row.id());
        // stored by value: each read deserializes its own copy of the cached state (the ID is the one find was given)
        assertThat(again.other()).isEqualTo(cached.other()).isNotSameAs(cached.other());
    }

    /** An entity with an ID and one more attribute of the same value type. */
    interface CachedRow<T> {

        T id();

        T other();
    }

    /** A cached entity keyed by a {@link TraceId}. */
    @Entity
    @Table(name = "cached_trace_id")
    @Cacheable
    @Cache(usage = CacheConcurrencyStrategy.READ_WRITE, region = "cached-trace-id")
    static class TraceIdRow implements CachedRow<TraceId> {

        @Id
        TraceId id;

        TraceId other;

        TraceIdRow() {
        }

        TraceIdRow(TraceId id, TraceId other) {
            this.id = id;
            this.other = other;
        }

        @Override
        public TraceId id() {
            return id;
        }

        @Override
        public TraceId other() {
            return other;
        }
    }

    /** A cached entity keyed by a {@link LableId}. */
    @Entity
    @Table(name = "cached_lable_id")
    @Cacheable
    @Cache(usage = CacheConcurrencyStrategy.READ_WRITE, region = "cached-lable-id")
    static class LableIdRow implements CachedRow<LableId> {

        @Id
        LableId id;

        LableId other;

        LableIdRow() {
        }

        LableIdRow(LableId id, LableId other) {
            this.id = id;
            this.other = other;
        }

        @Override
        public LableId id() {
            return id;
        }

        @Override
        public LableId other() {
            return other;
        }
    }

    /** A cached entity keyed by a {@link Gid}. */
    @Entity
    @Table(name = "cached_gid")
    @Cacheable
    @Cache(usage = CacheConcurrencyStrategy.READ_WRITE, region = "cached-gid")
    static class GidRow implements CachedRow<Gid> {

        @Id
        Gid id;

        Gid other;

        GidRow() {
        }

        GidRow(Gid id, Gid other) {
            this.id = id;
            this.other = other;
        }

        @Override
        public Gid id() {
            return id;
        }

        @Override
        public Gid other() {
            return other;
        }
    }

    /** A cached entity keyed by a {@link Sno}. */
    @Entity
    @Table(name = "cached_sno")
    @Cacheable
    @Cache(usage = CacheConcurrencyStrategy.READ_WRITE, region = "cached-sno")
    static class SnoRow implements CachedRow<Sno> {

        @Id
        Sno id;

        Sno other;

        SnoRow() {
        }

        SnoRow(Sno id, Sno other) {
            this.id = id;
            this.other = other;
        }

        @Override
        public Sno id() {
            return id;
        }

        @Override
        public Sno other() {
            return other;
        }
    }

    /** A cached entity keyed by a {@link Muid}. */
    @Entity
    @Table(name = "cached_muid")
    @Cacheable
    @Cache(usage = CacheConcurrencyStrategy.READ_WRITE, region = "cached-muid")
    static class MuidRow implements CachedRow<Muid> {

        @Id
        Muid id;

        Muid other;

        MuidRow() {
        }

        MuidRow(Muid id, Muid other) {
            this.id = id;
            this.other = other;
        }

        @Override
        public Muid id() {
            return id;
        }

        @Override
        public Muid other() {
            return other;
        }
    }
}
