package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.node.r2dbc.R2dbcNodeLeaseProvider;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.sql.LeaseTableSql;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The rules of {@link LeaseStoreRules} for a lease table reached through R2DBC, whose ConnectionFactory does not
 * tell its URL: H2 itself is asked whether it is in memory ({@code DATABASE_PATH()} is null) and, in a file, whether
 * it acknowledges commits before writing them ({@code WRITE_DELAY}). A private in-memory database is refused when
 * auto mode found it; an H2 file with a write delay however it was chosen; a MariaDB or MySQL server that writes
 * its log about once a second ({@code innodb_flush_log_at_trx_commit=0}) likewise. Other databases pass. Loaded only
 * for an R2DBC provider, so that an application without R2DBC never loads this class.
 */
final class R2dbcStoreRules {

    private R2dbcStoreRules() {
    }

    /**
     * Refuses an H2 database that instances cannot share safely.
     *
     * @param provider the R2DBC provider
     * @param auto whether auto mode chose it
     * @param generatorName the generator that needs an identity, named in the refusal
     * @param property the property that would set its identity instead
     * @return the refusal, or {@code null} when the store is fine or cannot be asked (the claim then says why)
     */
    static @Nullable IdsConfigurationException refusal(NodeLeaseProvider provider, boolean auto, String generatorName,
            String property) {
        ConnectionFactory connectionFactory = ((R2dbcNodeLeaseProvider) provider).connectionFactory();
        String product = Objects.requireNonNullElse(connectionFactory.getMetadata().getName(), "");
        String identityProperties = LeaseStoreRules.identityProperties(property);
        if (LeaseTableSql.isMariaDbOrMySql(product)) {
            return "0".equals(innoDbLogFlushSetting(connectionFactory))
                    ? LeaseStoreRules.lazyLogFlushRefusal("the R2DBC ConnectionFactory for " + product,
                            auto ? null : "r2dbc", generatorName, identityProperties)
                    : null;
        }
        if (!LeaseTableSql.isH2(product)) {
            return null;
        }
        try {
            String path = query(connectionFactory, "SELECT DATABASE_PATH()");
            if (path == null) {
                return auto ? new IdsConfigurationException("ids.node.provider", null, "the generator '"
                        + generatorName + "' needs a node identity, and the only lease store found is the R2DBC "
                        + "ConnectionFactory for H2 in memory, a private database: every copy of the application "
                        + "would lease the same identities from its own database and issue the same IDs",
                        "Set ids.node.provider=r2dbc to lease from it knowingly (a single instance, a test), or "
                        + "point the ConnectionFactory at a database the instances share, or set "
                        + "ids.node.zookeeper.connect-string, or set the identity properties (" + identityProperties
                        + ") to values no other instance uses.") : null;
            }
            String writeDelay = query(connectionFactory, "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
                    + " WHERE SETTING_NAME = 'WRITE_DELAY'");
            if (writeDelay != null && writeDelay.trim().equals("0")) {
                return null;
            }
            return new IdsConfigurationException("ids.node.provider", auto ? null : "r2dbc", "the generator '"
                    + generatorName + "' needs a node identity, and the lease store is the R2DBC ConnectionFactory "
                    + "for the H2 file database " + path + ", which has a write delay (H2's default, unless the URL "
                    + "sets WRITE_DELAY=0): H2 acknowledges a commit before it writes it, so when the process that "
                    + "has the file open dies, leases and the marks that keep a restarted instance above its last "
                    + "IDs can vanish, and the same identities would be leased again and issue the same IDs",
                    "Add ;WRITE_DELAY=0 to the ConnectionFactory's URL so that H2 writes each commit before "
                    + "acknowledging it, or keep the leases in a database server or in ZooKeeper "
                    + "(ids.node.provider=zookeeper and ids.node.zookeeper.connect-string), or set "
                    + "ids.node.provider=static and the identity properties (" + identityProperties
                    + ") to values no other instance uses.");
        } catch (RuntimeException ex) {
            return null; // the claim that follows reports what is wrong with the database
        }
    }

    /**
     * Reads {@code innodb_flush_log_at_trx_commit} of a MariaDB or MySQL server; {@code null} when it does not tell.
     */
    static @Nullable String innoDbLogFlushSetting(ConnectionFactory connectionFactory) {
        try {
            return query(connectionFactory, LeaseTableSql.MARIADB_LOG_FLUSH_SETTING);
        } catch (RuntimeException ex) {
            return null;
        }
    }

    /** The first column of the first row, as text; {@code null} for SQL NULL or no row. */
    private static @Nullable String query(ConnectionFactory connectionFactory, String sql) {
        return Mono.usingWhen(connectionFactory.create(), connection -> Flux.from(connection.createStatement(sql)
                .execute()).concatMap(result -> result.map(row -> String.valueOf(row.get(0))))
                .filter(value -> !value.equals("null")).next(), connection -> connection.close())
                .block(Duration.ofSeconds(10));
    }
}
