package dev.ids.autoconfigure.data.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.SnoAsValue;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import reactor.blockhound.BlockHound;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * Under BlockHound, on PostgreSQL (whose R2DBC driver runs on Netty event loops and does not block): entities saved
 * through a reactive repository from Reactor's parallel scheduler, over the sno generator's capacity (a clock on
 * which time moves only when a call waits, so each 4 ms unit's numbers run out). The whole path, ID, insert and
 * the driver's event loop, makes no blocking call on a non-blocking thread; every entity is stored with its own ID.
 */
@RequiresDatabase(TestDatabase.POSTGRESQL)
@SpringBootTest(classes = { R2dbcTestApplication.class, ParkingClockConfiguration.class },
        webEnvironment = WebEnvironment.NONE, properties = { "ids.trace-id.node-no=7", "ids.lable.generator-id=5",
                "ids.lable.mode=time-sequential", "ids.sno.partition=513", "ids.sno.named.payments.partition=2",
                "ids.sno.sequence-min=0", "ids.sno.sequence-max=3",
                // Not leased: the parking clock runs hours ahead of the database's, and the lease kept the mark it
                // reached in this schema, so that the next run's generator refused to issue until the clock passed
                // it (the R2DBC lease is R2dbcNodeLeaseContract's subject).
                "ids.node.provider=static" })
@DirtiesContext
class R2dbcPostgreSqlSaveBlockHoundTests {

    private static final String SCOPE = "R2dbcPostgreSqlSaveBlockHoundTests";

    private static final int ENTITIES = 1_000;

    @Autowired
    private ApplicationContext context;

    @BeforeAll
    static void installBlockHoundAndCreateTheTable() throws Exception {
        BlockHound.install();
        TestDatabase database = TestDatabase.POSTGRESQL;
        try (Connection connection = DriverManager.getConnection(database.ownUrl(SCOPE), database.username(),
                database.password()); Statement statement = connection.createStatement()) {
            statement.execute("drop table if exists r2_sno_value");
            statement.execute("create table r2_sno_value (id bytea primary key)");
        }
    }

    @DynamicPropertySource
    static void connectionFactory(DynamicPropertyRegistry registry) {
        registry.add(R2dbcTestApplication.URL, () -> R2dbcIdsSuite.r2dbcUrl(TestDatabase.POSTGRESQL, SCOPE));
        registry.add(R2dbcTestApplication.USER, TestDatabase.POSTGRESQL::username);
    }

    @Test
    void savesFromParallelThreadsOverCapacityBlockNoThreadAndRepeatNoId() {
        R2dbcRepositories.Snos repository = context.getBean(R2dbcRepositories.Snos.class);
        SnoGenerator snos = context.getBean(SnoGenerator.class);
        long before = snos.generatedCount();

        List<Sno> saved = Flux.range(0, ENTITIES)
                .parallel(4)
                .runOn(Schedulers.parallel())
                // Without a pool each save opens a connection: a few at a time, within the server's limit.
                .flatMap((i) -> repository.save(new SnoAsValue()).map((entity) -> entity.id), false, 4)
                .sequential()
                .collectList()
                .block(Duration.ofSeconds(120));

        assertThat(new HashSet<>(saved)).hasSize(ENTITIES);
        assertThat(snos.generatedCount() - before).isEqualTo(ENTITIES);
        // 4 numbers per 4 ms unit on a clock that moves only when a call waits: most calls had to wait.
        assertThat(saved.stream().map(Sno::timestamp).distinct().count()).isGreaterThanOrEqualTo(ENTITIES / 4);
        assertThat(repository.count().block(Duration.ofSeconds(30))).isEqualTo(ENTITIES);
    }
}
