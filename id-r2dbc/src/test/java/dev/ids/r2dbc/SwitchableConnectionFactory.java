package dev.ids.r2dbc;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

/**
 * A connection factory that can be switched to fail, as a database outage would, and that can report another
 * product name, as a database the store does not know would.
 */
final class SwitchableConnectionFactory implements ConnectionFactory {

    private final ConnectionFactory delegate;
    private final String product;
    private final Queue<Connection> opened = new ConcurrentLinkedQueue<>();
    private volatile boolean down;

    SwitchableConnectionFactory(ConnectionFactory delegate) {
        this(delegate, delegate.getMetadata().getName());
    }

    SwitchableConnectionFactory(ConnectionFactory delegate, String product) {
        this.delegate = delegate;
        this.product = product;
    }

    /**
     * Makes every later connection fail (true) or work again (false). Switched off, it also closes the connections
     * it opened, as a database that goes away ends them: the lease store keeps its own open between calls.
     */
    void down(boolean down) {
        this.down = down;
        if (down) {
            Connection connection;
            while ((connection = opened.poll()) != null) {
                Mono.from(connection.close()).onErrorResume(e -> Mono.empty()).block(Duration.ofSeconds(10));
            }
        }
    }

    @Override
    public Publisher<? extends Connection> create() {
        return Mono.defer(() -> down ? Mono.error(new R2dbcNonTransientResourceException(
                "The test database is switched off", "08001")) : Mono.from(delegate.create()).doOnNext(opened::add));
    }

    @Override
    public ConnectionFactoryMetadata getMetadata() {
        return () -> product;
    }
}
