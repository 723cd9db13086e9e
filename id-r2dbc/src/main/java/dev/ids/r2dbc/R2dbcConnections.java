package dev.ids.r2dbc;

import dev.ids.clock.IdClock;
import dev.ids.internal.ExceptionMessages;
import dev.ids.node.sql.BoundSql;
import dev.ids.node.sql.LeaseTableCalls;
import dev.ids.node.sql.LeaseTableSql;
import dev.ids.node.sql.SqlDialect;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.R2dbcDataIntegrityViolationException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * How the R2DBC lease store talks to its database: each piece of work on one of at most {@link #CONNECTIONS}
 * connections of the store's own, kept open between calls, in auto-commit; the calling thread waits for it, at most
 * the timeout (a hung database must not stall a renewal forever); and the dialect, learnt from the first connection,
 * which says how the statements read the database's clock and mark their parameters. Knows nothing of the lease
 * table's columns; {@link R2dbcLeaseTable} does.
 *
 * <p>Why connections of its own, kept: opening one per call made the mark writes queue behind the application's
 * own burst (issue 33: without a pool the driver was opening 64 connections at once, and the write waited 5.9 s for
 * its own, past the fence's patience, so IDs were refused); from a pool, the store would wait for a slot behind the
 * burst instead. So the connections come from the factory beneath a pool ({@link LeaseConnectionSource}), and a
 * connection the store already holds answers a write in one round trip however busy the application is.
 */
final class R2dbcConnections implements AutoCloseable {

    /** A renewal and a mark write may overlap; more would only idle on the database. */
    static final int CONNECTIONS = 2;

    private final ConnectionFactory connectionFactory;
    private final LeaseConnectionSource source;
    private final Duration timeout;
    private final IdClock clock;
    private final @Nullable IdClock testDatabaseClock;
    private final String tableName;
    private volatile @Nullable Dialect dialect;

    /**
     * The database's clock and bind markers.
     *
     * @param product the product name the driver reports
     * @param now the expression for the database's time in epoch milliseconds
     * @param statements the lease table's statements with the driver's markers, and their parameters
     * @param postgreSql whether it is PostgreSQL, whose lease writes raise {@code synchronous_commit}
     */
    record Dialect(String product, String now, LeaseTableCalls statements, boolean postgreSql) {
    }

    R2dbcConnections(ConnectionFactory connectionFactory, Duration timeout, IdClock clock,
            @Nullable IdClock testDatabaseClock, String tableName) {
        this.connectionFactory = LeaseConnectionSource.beneathPool(connectionFactory);
        this.source = new LeaseConnectionSource(this.connectionFactory, CONNECTIONS);
        this.timeout = timeout;
        this.clock = clock;
        this.testDatabaseClock = testDatabaseClock;
        this.tableName = tableName;
    }

    /**
     * Runs work on one of the store's connections and waits for its single result (or for its completion when it
     * has none): the wait for a free connection, the opening of one if none is kept, and the work together take at
     * most the timeout. The connection is kept for the next call when the work succeeded, closed otherwise (after a
     * failure or a timeout it may be broken, mid-transaction or still busy).
     *
     * @throws IllegalStateException on a thread that must not block (an event loop, Reactor's parallel scheduler)
     * @throws DatabaseUnansweredException when the database cannot be reached or the work fails
     */
    <T> @Nullable T withConnection(Function<Connection, Publisher<T>> work) throws DatabaseUnansweredException {
        if (Schedulers.isInNonBlockingThread()) {
            throw new IllegalStateException("The R2DBC node lease store waits for its database, which thread "
                    + Thread.currentThread().getName() + " must not do: claim leases at start-up or on"
                    + " Schedulers.boundedElastic(), and leave renewals and high-water marks to the threads of the"
                    + " lease and of its generator's fence");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        if (!source.reserve(timeout)) {
            throw new DatabaseUnansweredException("the database did not answer within " + timeout.toMillis()
                    + " ms (the lease store's " + CONNECTIONS + " connections stayed busy)",
                    new TimeoutException("no connection of the lease store's free"));
        }
        @Nullable Connection connection = null;
        boolean kept = false;
        try {
            connection = open(deadline);
            T value = Mono.from(work.apply(connection))
                    .block(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            source.keep(connection);
            kept = true;
            return value;
        } catch (RuntimeException e) {
            // block() adds a suppressed trace to what it rethrows, which stays reachable as the cause.
            String message = ExceptionMessages.of(e);
            if (message.startsWith("Timeout on blocking read")) {
                message = "the database did not answer within " + timeout.toMillis() + " ms";
            }
            throw new DatabaseUnansweredException(message, e);
        } finally {
            if (!kept) {
                source.discard(connection);
            }
            source.release();
        }
    }

    /**
     * Takes a kept connection or opens one, by the deadline. The opening is never cancelled: a connection that
     * arrives after the deadline is closed as it arrives, instead of being dropped open by a cancelled subscription
     * (it is not the application's pool's, so nothing else would ever close it).
     */
    private Connection open(long deadline) throws DatabaseUnansweredException {
        CompletableFuture<Connection> opened = new CompletableFuture<>();
        source.acquire().subscribe(opened::complete, opened::completeExceptionally, () -> opened
                .completeExceptionally(new IllegalStateException("the ConnectionFactory gave no connection")));
        try {
            return opened.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            opened.thenAccept(source::discard);
            throw new DatabaseUnansweredException("the database did not answer within " + timeout.toMillis()
                    + " ms (opening a connection)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            opened.thenAccept(source::discard);
            throw new DatabaseUnansweredException("interrupted while opening a connection", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new DatabaseUnansweredException(cause.getMessage() == null ? cause.toString() : cause.getMessage(),
                    cause);
        }
    }

    /** Closes the connections kept; later calls open a connection each and close it afterwards. */
    @Override
    public void close() {
        source.close();
    }

    /** Runs one statement and sums the rows it updated. */
    static Mono<Long> update(Statement statement) {
        return Flux.from(statement.execute()).flatMap(Result::getRowsUpdated).reduce(0L, Long::sum);
    }

    /**
     * Runs a write to the lease table, acknowledged only once it is durable: on PostgreSQL a transaction of its own
     * that first runs {@link LeaseTableSql#POSTGRESQL_RAISE_SYNCHRONOUS_COMMIT} (see there why); on other databases
     * the statement in auto-commit. Sums the rows it updated.
     */
    Mono<Long> write(Connection connection, Statement statement) {
        if (!dialect().postgreSql()) {
            return update(statement);
        }
        return Mono.from(connection.beginTransaction())
                .then(Flux.from(connection.createStatement(LeaseTableSql.POSTGRESQL_RAISE_SYNCHRONOUS_COMMIT)
                        .execute()).concatMap(result -> result.map(row -> 1)).then())
                .then(Mono.defer(() -> update(statement)))
                .flatMap(count -> Mono.from(connection.commitTransaction()).thenReturn(count))
                .onErrorResume(failure -> Mono.from(connection.rollbackTransaction())
                        .onErrorResume(rollback -> {
                            failure.addSuppressed(rollback);
                            return Mono.empty();
                        })
                        .then(Mono.error(failure)));
    }

    /** Reads the first column of the first row of a lease-table query as a long; empty when there is no row. */
    Mono<Long> firstLong(Connection connection, BoundSql query) {
        return first(prepare(connection, query), row -> longAt(row, 0));
    }

    /** Runs one query and maps its first row, if any. */
    static <T> Mono<T> first(Statement statement, Function<io.r2dbc.spi.Readable, T> mapper) {
        return Flux.from(statement.execute()).concatMap(result -> result.map(mapper::apply)).next();
    }

    /** Reads a column as a long, whichever integer type the driver maps it to; 0 for SQL NULL. */
    static long longAt(io.r2dbc.spi.Readable row, int index) {
        Number value = row.get(index, Number.class);
        return value == null ? 0 : value.longValue();
    }

    /** Learns, once, which database this is and so how its statements read its clock and mark their parameters. */
    Dialect dialect() {
        Dialect known = dialect;
        if (known != null) {
            return known;
        }
        String product = Objects.requireNonNullElse(connectionFactory.getMetadata().getName(), "");
        String now = SqlDialect.nowMillisExpression(product);
        boolean postgreSql = SqlDialect.isPostgreSql(product);
        boolean dollar = postgreSql || SqlDialect.isH2(product);
        boolean question = SqlDialect.isMariaDbOrMySql(product);
        if (now == null || !(dollar || question)) {
            throw new IllegalStateException("The R2DBC node lease store works on H2, PostgreSQL and MariaDB (or"
                    + " MySQL), whose clocks it reads and whose bind markers it knows; the ConnectionFactory is "
                    + "for " + product + ". Lease node identities through JDBC (ids.node.provider=jdbc and a "
                    + "DataSource), from ZooKeeper (ids.node.provider=zookeeper), or configure them "
                    + "(ids.node.provider=static)");
        }
        if (testDatabaseClock != null) {
            now = "{test_now}";
        }
        known = new Dialect(product, now, new LeaseTableCalls(LeaseTableSql.render(tableName, now,
                dollar ? position -> "$" + position : position -> "?")), postgreSql);
        dialect = known;
        return known;
    }

    /** Makes a statement with the database's clock (or, in tests, the test clock's time) in place. */
    Statement prepare(Connection connection, String sql) {
        String statement = testDatabaseClock == null ? sql
                : sql.replace("{test_now}", Long.toString(testDatabaseClock.wallTimeMillis()));
        return connection.createStatement(statement);
    }

    /** Makes a statement of the lease table, as {@link #prepare(Connection, String)} does, its parameters bound. */
    Statement prepare(Connection connection, BoundSql bound) {
        Statement statement = prepare(connection, bound.sql());
        for (int index = 0; index < bound.parameters().size(); index++) {
            statement.bind(index, bound.parameters().get(index));
        }
        return statement;
    }

    /**
     * Measures, on the connection of a claim or renewal, how far the application's wall clock is ahead of the
     * database's, in milliseconds (negative when behind): the database's time against the application's at the
     * middle of the round trip.
     */
    Mono<Long> measureSkew(Connection connection) {
        return Mono.defer(() -> {
            long before = clock.wallTimeMillis();
            return first(prepare(connection, "SELECT " + dialect().now()), row -> longAt(row, 0))
                    .map(database -> {
                        long after = clock.wallTimeMillis();
                        return before + (after - before) / 2 - database;
                    });
        });
    }

    /**
     * Tells whether a failure is the database not being reached (a resource exception of R2DBC's, SQLState class 08,
     * or a refused connection), not a statement it refused.
     */
    static boolean isConnectionFailure(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof io.r2dbc.spi.R2dbcNonTransientResourceException
                    || t instanceof io.r2dbc.spi.R2dbcTransientResourceException
                    || t instanceof java.net.ConnectException
                    || t instanceof io.r2dbc.spi.R2dbcException r2dbc && r2dbc.getSqlState() != null
                    && r2dbc.getSqlState().startsWith("08")) {
                return true;
            }
        }
        return false;
    }

    /** Tells whether a failure is the database's answer to a statement it refused (an R2DBC exception it raised). */
    static boolean isRefusedStatement(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof io.r2dbc.spi.R2dbcException) {
                return true;
            }
        }
        return false;
    }

    /** Tells whether a failure is an integrity-constraint violation (SQLState class 23), here a duplicate key. */
    static boolean isIntegrityViolation(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof R2dbcDataIntegrityViolationException
                    || t instanceof io.r2dbc.spi.R2dbcException r2dbc && r2dbc.getSqlState() != null
                    && r2dbc.getSqlState().startsWith("23")) {
                return true;
            }
        }
        return false;
    }
}
