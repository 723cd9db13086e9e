package dev.ids.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.IdClock;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

/**
 * A connection the database opens only after the lease store's call has given up is closed when it arrives: the
 * store's connections are its own, outside any pool, so a connection dropped open would stay open for good (a
 * database slow to accept connections during an outage would fill up its {@code max_connections}).
 */
class SlowOpeningConnectionsTest {

    private final AtomicInteger open = new AtomicInteger();

    @Test
    void aConnectionOpenedAfterTheCallTimedOutIsClosedWhenItArrives() throws Exception {
        ConnectionFactory h2 = ConnectionFactories.get("r2dbc:h2:mem:///ids-slow-open-" + UUID.randomUUID()
                + ";DB_CLOSE_DELAY=-1");
        try (R2dbcConnections connections = new R2dbcConnections(slow(h2, Duration.ofMillis(1_200)),
                Duration.ofMillis(300), IdClock.system(), null, "ids_slow_open")) {
            assertThatThrownBy(() -> connections.withConnection(connection -> Mono.just(1)))
                    .isInstanceOf(DatabaseUnansweredException.class).hasMessageContaining("did not answer within 300 ms");

            long giveUpAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (open.get() != 0 && System.nanoTime() < giveUpAt) {
                Thread.sleep(50);
            }
            assertThat(open).as("connections left open").hasValue(0);
            Thread.sleep(1_500); // the slow connection has certainly arrived by now
            assertThat(open).as("connections left open once it arrived").hasValue(0);
        }
    }

    /** A factory whose connections arrive after a delay, counting those open. */
    private ConnectionFactory slow(ConnectionFactory real, Duration delay) {
        return new ConnectionFactory() {
            @Override
            public Publisher<? extends Connection> create() {
                // As a driver's connect does: once begun, it completes whether or not its subscriber still waits.
                return Mono.fromFuture(Mono.delay(delay).then(Mono.from(real.create())).map(this::counted).toFuture(),
                        true);
            }

            private Connection counted(Connection connection) {
                open.incrementAndGet();
                AtomicBoolean closed = new AtomicBoolean();
                return ConnectionCloseHook.onClose(connection, () -> {
                    if (closed.compareAndSet(false, true)) {
                        open.decrementAndGet();
                    }
                });
            }

            @Override
            public ConnectionFactoryMetadata getMetadata() {
                return real.getMetadata();
            }
        };
    }
}
