package dev.ids.reactor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdDescriptor;
import dev.ids.IdGenerator;
import dev.ids.attempt.SequencedScheme;
import dev.ids.clock.IdClock;
import dev.ids.gid.Gid;
import dev.ids.gid.GidDescriptor;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdDescriptor;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidDescriptor;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoDescriptor;
import dev.ids.testing.RecordingListener;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.blockhound.BlockingOperationError;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Under BlockHound (installed for every test of this module by {@code blockhound-junit-platform}): IDs issued from
 * Reactor's parallel scheduler, whose threads must not block, through {@link ReactiveIdGenerator}, well over the
 * generators' capacity, so that many calls have to wait. No blocking call may run on a parallel thread, and every
 * ID must be distinct. The same load with {@code next()} called inline on those threads is caught, which shows
 * that the check is live.
 */
class NonBlockingReactivePathTest {

    /** Inside a second and at the start of a 4 ms sno unit. */
    private static final Instant START = Instant.parse("2026-05-01T12:00:00.500Z");

    private static final int IDS = 20_000;

    private final RecordingListener events = new RecordingListener();

    @ParameterizedTest
    @EnumSource(SequencedScheme.class)
    void overCapacityTheReactivePathBlocksNoParallelThreadAndRepeatsNoId(SequencedScheme scheme) {
        ParkingClock clock = new ParkingClock(START);
        CountingGenerator<Object> generator = new CountingGenerator<>(generator(scheme, clock));
        useUpTheUnit(generator);

        List<Object> ids = issueFromParallel(IDS, ReactiveIdGenerator.of(generator).next());

        assertThat(new HashSet<>(ids)).hasSize(IDS);
        assertThat(events.overflows).as("waits over capacity").isNotEmpty();
        assertThat(generator.waited).as("calls handed to next()").hasPositiveValue();
        assertThat(generator.issuedInline).as("IDs issued inline on parallel threads").hasPositiveValue();
        assertThat(generator.nextOnNonBlockingThread).hasValue(0);
    }

    @ParameterizedTest
    @EnumSource(value = SequencedScheme.class, names = {"LABLE", "SNO", "MUID"})
    void onTheSystemClockTheReactivePathBlocksNoParallelThreadAndRepeatsNoId(SequencedScheme scheme) {
        // sno's smallest share issues 1,000 IDs a second: fewer of them, so the test stays short.
        int count = scheme == SequencedScheme.SNO ? 1_500 : IDS;
        CountingGenerator<Object> generator = new CountingGenerator<>(generator(scheme, IdClock.system()));

        List<Object> ids = issueFromParallel(count, ReactiveIdGenerator.of(generator).next());

        assertThat(new HashSet<>(ids)).hasSize(count);
        assertThat(generator.nextOnNonBlockingThread).hasValue(0);
        if (scheme == SequencedScheme.SNO) {
            assertThat(events.overflows).as("waits over capacity").isNotEmpty();
        }
    }

    @Test
    void gidsOnTheReactivePathBlockNoParallelThreadAndRepeatNone() {
        CountingGenerator<Object> generator = new CountingGenerator<>(
                widen(GidGenerator.builder().clock(new ParkingClock(START)).build()));

        List<Object> ids = issueFromParallel(IDS, ReactiveIdGenerator.of(generator).next());

        assertThat(new HashSet<>(ids)).hasSize(IDS);
        assertThat(generator.nextOnNonBlockingThread).hasValue(0);
    }

    @Test
    void blockHoundIsInstalled() {
        Mono<Integer> sleeping = Mono.fromCallable(() -> {
            Thread.sleep(1);
            return 1;
        }).subscribeOn(Schedulers.parallel());

        assertThatThrownBy(sleeping::block).satisfies(failure ->
                assertThat(Exceptions.unwrap(failure)).isInstanceOf(BlockingOperationError.class));
    }

    /**
     * A descriptor makes its conversion functions on its first conversion, as the reactive integrations may convert
     * on a parallel thread: no lock, nothing that blocks. No other test of this module converts an ID, so these are
     * the JVM's first conversions.
     */
    @Test
    void aDescriptorsFirstConversionBlocksNoParallelThread() {
        Mono<Long> converted = Mono.fromCallable(() -> Stream.of(
                roundTrips(TraceIdDescriptor.INSTANCE, TraceId.of(0, 0, 0, 1)),
                roundTrips(LableIdDescriptor.INSTANCE, LableId.of(0, 0, 0, 0)),
                roundTrips(GidDescriptor.INSTANCE, Gid.of(GidType.VOLUME, 0, 0L)),
                roundTrips(SnoDescriptor.INSTANCE, Sno.of(0, 0, 0, 0, 0)),
                roundTrips(MuidDescriptor.INSTANCE, Muid.of(0, 0, 0))).filter(Boolean::booleanValue).count())
                .subscribeOn(Schedulers.parallel());

        assertThat(converted.block()).isEqualTo(5);
    }

    private static <T> boolean roundTrips(IdDescriptor<T> descriptor, T value) {
        return descriptor.parse(descriptor.format(value)).equals(value) && descriptor.isValid(value.toString())
                && descriptor.fromBytes(descriptor.toBytes(value)).equals(value)
                && descriptor.decoded(value) != null && descriptor.timestamp(value) != null;
    }

    @ParameterizedTest
    @EnumSource(SequencedScheme.class)
    void nextCalledInlineOnAParallelThreadIsCaught(SequencedScheme scheme) {
        ParkingClock clock = new ParkingClock(START);
        IdGenerator<Object> generator = generator(scheme, clock);
        useUpTheUnit(generator);

        assertThatThrownBy(() -> issueFromParallel(IDS, Mono.fromCallable(generator::next)))
                .satisfies(failure -> assertThat(Exceptions.unwrap(failure))
                        .isInstanceOf(BlockingOperationError.class)
                        .hasMessageContaining("Unsafe#park"));
    }

    private IdGenerator<Object> generator(SequencedScheme scheme, IdClock clock) {
        return widen(scheme.build(clock, events));
    }

    @SuppressWarnings("unchecked")
    private static IdGenerator<Object> widen(IdGenerator<?> generator) {
        return (IdGenerator<Object>) generator;
    }

    /**
     * Issues the clock's time unit by attempts on this thread until the generator would wait: TraceId's unit holds
     * over four million IDs, so the reactive load starts over capacity rather than reaching it.
     */
    private static void useUpTheUnit(IdGenerator<Object> generator) {
        while (generator.tryNext() != null) {
            // issued and dropped
        }
    }

    /** Subscribes to {@code next} {@code count} times, each from a thread of Reactor's parallel scheduler. */
    private static List<Object> issueFromParallel(int count, Mono<Object> next) {
        return Flux.range(0, count)
                .parallel(4)
                .runOn(Schedulers.parallel())
                .flatMap(i -> next)
                .sequential()
                .collectList()
                .block(Duration.ofSeconds(60));
    }
}
