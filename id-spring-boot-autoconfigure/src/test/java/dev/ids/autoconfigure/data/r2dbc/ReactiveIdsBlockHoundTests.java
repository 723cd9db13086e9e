package dev.ids.autoconfigure.data.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.GidAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.Identified;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.LableAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.MuidAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.SnoAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.TraceIdAsValue;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.TestDatabase;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.context.ApplicationContext;
import org.springframework.data.mapping.callback.ReactiveEntityCallbacks;
import org.springframework.data.r2dbc.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.sql.SqlIdentifier;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Under BlockHound (installed for this class, which runs in a JVM of its own, see the module's pom): entities get
 * their IDs through Spring Data R2DBC's before-convert callbacks, invoked as {@code R2dbcEntityTemplate.insert}
 * invokes them, from Reactor's parallel scheduler, whose threads must not block, well over the generators' capacity
 * (a clock on which time moves only when a call waits). No blocking call may run on a parallel thread, every ID must
 * be distinct, and calls that had to wait completed elsewhere (on bounded-elastic). Saving through the database
 * is covered on PostgreSQL, whose driver does not block ({@link R2dbcPostgreSqlSaveBlockHoundTests}); H2's R2DBC
 * driver runs H2 in the calling thread.
 */
@SpringBootTest(classes = { R2dbcTestApplication.class, ParkingClockConfiguration.class },
        webEnvironment = WebEnvironment.NONE, properties = { "ids.trace-id.node-no=7", "ids.lable.generator-id=5",
                "ids.lable.mode=time-sequential", "ids.sno.partition=513", "ids.sno.sequence-min=0",
                "ids.sno.sequence-max=3", "ids.sno.named.payments.partition=2",
                "ids.sno.named.payments.sequence-min=0", "ids.sno.named.payments.sequence-max=3" })
@DirtiesContext
class ReactiveIdsBlockHoundTests {

    private static final int IDS = 20_000;

    @Autowired
    private ApplicationContext context;

    @BeforeAll
    static void installBlockHound() {
        BlockHound.install();
    }

    @DynamicPropertySource
    static void connectionFactory(DynamicPropertyRegistry registry) {
        registry.add(R2dbcTestApplication.URL, () -> R2dbcIdsSuite.r2dbcUrl(TestDatabase.H2, "BlockHound"));
        registry.add(R2dbcTestApplication.USER, TestDatabase.H2::username);
    }

    static Stream<Arguments> entities() {
        return Stream.of(
                Arguments.of("TraceId", (Supplier<Identified>) TraceIdAsValue::new, false),
                Arguments.of("Lable", (Supplier<Identified>) LableAsValue::new, true),
                Arguments.of("GID", (Supplier<Identified>) GidAsValue::new, false),
                Arguments.of("sno", (Supplier<Identified>) SnoAsValue::new, true),
                Arguments.of("muid", (Supplier<Identified>) MuidAsValue::new, true));
    }

    /**
     * TraceId's second holds over four million IDs and GIDs wait for no clock: for those two, only that no call
     * blocks and none repeats; the three others run out of their time unit many times over.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entities")
    void overCapacityTheCallbackBlocksNoParallelThreadAndRepeatsNoId(String scheme, Supplier<Identified> create,
            boolean overCapacity) {
        ReactiveEntityCallbacks callbacks = ReactiveEntityCallbacks.create(context);

        List<Completion> completions = Flux.range(0, IDS)
                .parallel(4)
                .runOn(Schedulers.parallel())
                .flatMap((i) -> callbacks.callback(BeforeConvertCallback.class, create.get(),
                        SqlIdentifier.unquoted("t")))
                .map((entity) -> new Completion(((Identified) entity).id(), Thread.currentThread().getName()))
                .sequential()
                .collectList()
                .block(Duration.ofSeconds(120));

        assertThat(new HashSet<>(completions.stream().map(Completion::id).toList())).hasSize(IDS);
        assertThat(completions).as("IDs issued inline on parallel threads")
                .anySatisfy((completion) -> assertThat(completion.thread()).startsWith("parallel-"));
        if (overCapacity) {
            assertThat(completions).as("calls that waited, on bounded-elastic")
                    .anySatisfy((completion) -> assertThat(completion.thread()).startsWith("boundedElastic-"));
        }
    }

    @Test
    void blockHoundIsInstalled() {
        Mono<Integer> sleeping = Mono.fromCallable(() -> {
            Thread.sleep(1);
            return 1;
        }).subscribeOn(Schedulers.parallel());

        assertThatThrownBy(sleeping::block).satisfies((failure) ->
                assertThat(Exceptions.unwrap(failure)).isInstanceOf(BlockingOperationError.class));
    }

    /**
     * What the callback would do if it called {@code next()} inline: the check catches it. On the named generator,
     * which no other test uses, as the error interrupts its waits.
     */
    @Test
    void aGeneratorsWaitOnAParallelThreadIsCaught() {
        SnoGenerator snos = context.getBean("paymentsSnoGenerator", SnoGenerator.class);

        assertThatThrownBy(() -> Flux.range(0, IDS).parallel(4).runOn(Schedulers.parallel())
                .flatMap((i) -> Mono.fromCallable(snos::next)).sequential().blockLast(Duration.ofSeconds(60)))
                .satisfies((failure) -> assertThat(Exceptions.unwrap(failure))
                        .isInstanceOf(BlockingOperationError.class));
    }

    /** An ID and the thread its callback completed on. */
    private record Completion(Object id, String thread) {
    }
}
