package dev.ids.r2dbc;

import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NodeClaim;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.node.sql.LeaseRow;
import dev.ids.node.sql.LeaseTableProvider;
import dev.ids.node.sql.LeaseTableSettings;
import io.r2dbc.spi.ConnectionFactory;
import java.util.List;
import java.util.Objects;

/**
 * Leases node identities from the lease table in a database reached through an R2DBC {@link ConnectionFactory}, for
 * applications without a JDBC DataSource: the table, statements and guarantees of {@link JdbcNodeLeaseProvider}
 * (expiry on the database's clock, the holder named in every write, the high-water mark kept across holders, the
 * reclaim grace and the clock-skew fence), so that JDBC and R2DBC instances may share one table. Works on H2,
 * PostgreSQL and MariaDB (or MySQL); a claim on another database fails naming the ways out.
 *
 * <p>The calls block: each one waits, at most the renewal period, for its own connection's work, on the thread that
 * makes it. A claim runs on the claimant's thread (the starter claims at start-up); each lease renews on its own
 * thread ({@code ids-node-lease-<namespace>-<identity>}); a generator writes its high-water mark ahead from
 * {@code next()}, on the caller's thread. None of them may be an event loop: there the store refuses at once, with
 * a message, rather than stall the loop.
 *
 * <p>The calls run on at most two connections of the provider's own, kept open between calls, so that a renewal or
 * a mark write never waits for a connection behind the application's traffic; when the factory is an r2dbc-pool
 * {@code ConnectionPool}, they come from the factory beneath it and take none of its slots. {@link #close()} closes
 * them.
 */
public final class R2dbcNodeLeaseProvider extends LeaseTableProvider implements AutoCloseable {

    private final ConnectionFactory connectionFactory;
    private final R2dbcConnections connections;
    private final R2dbcLeaseTable table;

    private R2dbcNodeLeaseProvider(Builder builder, LeaseTableSettings.Terms terms,
            LeaseTableSettings.StoreOptions options) {
        super(terms, options, R2dbcNodeLease::new);
        this.connectionFactory = builder.connectionFactory;
        this.connections = new R2dbcConnections(builder.connectionFactory, terms.callTimeout(), terms.clock(),
                options.testDatabaseClock(), terms.tableName());
        this.table = new R2dbcLeaseTable(terms.tableName(), terms.createTable(), options.singleProcess(),
                connections, terms.clock(), terms.leaseLength(), terms.reclaimGrace());
    }

    /**
     * Starts a builder for a provider over the given connection factory.
     *
     * @param connectionFactory where the lease table lives, typically the application's own
     * @return a builder with the defaults, those of {@link JdbcNodeLeaseProvider}
     */
    public static Builder builder(ConnectionFactory connectionFactory) {
        return new Builder(connectionFactory);
    }

    @Override
    protected R2dbcLeaseTable table() {
        return table;
    }

    @Override
    protected void beforeClaim() throws DatabaseUnansweredException {
        table.ensureTable();
    }

    @Override
    protected RuntimeException claimFailed(NodeClaim claim, Exception e) {
        if (e instanceof LeaseStoreUnreachableException unreachable) {
            return new LeaseStoreUnreachableException("Could not claim a node identity in namespace '"
                    + claim.namespace() + "' over R2DBC: " + unreachable.getMessage(), unreachable.getCause());
        }
        return table.claimFailed(claim, e, e instanceof DatabaseUnansweredException
                && R2dbcConnections.isConnectionFailure(e));
    }

    @Override
    public List<LeaseRow> rows(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        try {
            return table.rows(namespace);
        } catch (DatabaseUnansweredException | RuntimeException e) {
            throw table.unreadable(namespace, e);
        }
    }

    /**
     * Returns the connection factory the lease table is reached through.
     *
     * @return the connection factory
     */
    public ConnectionFactory connectionFactory() {
        return connectionFactory;
    }

    /**
     * Closes the connections the provider keeps; close the leases first (a call after this opens a connection of its
     * own and closes it afterwards).
     */
    @Override
    public void close() {
        connections.close();
    }

    /**
     * Configures an {@link R2dbcNodeLeaseProvider}: the settings of the lease table ({@link LeaseTableSettings},
     * with their defaults, those of {@link JdbcNodeLeaseProvider.Builder}) over the connection factory.
     */
    public static final class Builder extends LeaseTableSettings<Builder> {

        private final ConnectionFactory connectionFactory;

        private Builder(ConnectionFactory connectionFactory) {
            this.connectionFactory = Objects.requireNonNull(connectionFactory, "connectionFactory");
        }

        /**
         * Builds the provider; it touches the database only when it first claims.
         *
         * @return the provider
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length
         */
        public R2dbcNodeLeaseProvider build() {
            return new R2dbcNodeLeaseProvider(this, terms(), storeOptions());
        }
    }
}
