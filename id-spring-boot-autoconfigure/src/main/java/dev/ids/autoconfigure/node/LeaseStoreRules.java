package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.node.sql.LeaseTableSql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The databases that copies of an application cannot share leases in safely, and the refusal that says what to
 * change. A private in-memory database (H2, HSQLDB or Derby in memory) is refused when auto mode found it: each copy
 * would lease the same identities from its own database. An embedded H2 file (also through {@code AUTO_SERVER}) is
 * refused however it was chosen unless it writes each commit before acknowledging it ({@code WRITE_DELAY=0}): H2's
 * default write delay loses acknowledged lease rows when the process holding the file dies. Likewise a MariaDB or MySQL
 * server with {@code innodb_flush_log_at_trx_commit=0}, which writes its log about once a second and so loses the
 * last second of acknowledged commits when the server crashes. (PostgreSQL's {@code synchronous_commit=off} needs no
 * refusal: the JDBC store raises it for its own writes.)
 */
final class LeaseStoreRules {

    /** The properties that set the identities leased in auto mode, each preceded by ", ". */
    private static final String IDENTITY_PROPERTIES = ", ids.sno.partition, ids.lable.generator-id, "
            + "ids.trace-id.node-no";

    /**
     * The database a JDBC store uses.
     *
     * @param url its URL as the driver reports it; {@code null} when there is none or it cannot be reached
     * @param losesAcknowledgedCommits whether it is an embedded H2 file with a write delay
     * @param flushesLogLazily whether it is a MariaDB or MySQL server with {@code innodb_flush_log_at_trx_commit=0}
     */
    record Store(@Nullable String url, boolean losesAcknowledgedCommits, boolean flushesLogLazily) {
    }

    private LeaseStoreRules() {
    }

    /**
     * Looks at the database once, when the first lease is claimed.
     *
     * @param dataSource the store's database, or {@code null} for a store that is not one
     * @return what the rules need to know of it
     */
    static Store inspect(@Nullable DataSource dataSource) {
        if (dataSource == null) {
            return new Store(null, false, false);
        }
        try (Connection connection = dataSource.getConnection()) {
            String url = connection.getMetaData().getURL();
            return new Store(url, isEmbeddedH2File(url) && delaysWrites(connection),
                    "0".equals(innoDbLogFlushSetting(connection)));
        } catch (SQLException | RuntimeException ex) {
            return new Store(null, false, false); // the claim that follows reports what is wrong with the database
        }
    }

    /**
     * Refuses a store that instances cannot share safely.
     *
     * @param store the store
     * @param auto whether auto mode chose it ({@code ids.node.provider} unset)
     * @param generatorName the generator that needs an identity, named in the refusal
     * @param property the property that would set its identity instead
     * @return the refusal, or {@code null} when the store is fine
     */
    static @Nullable IdsConfigurationException refusal(Store store, boolean auto, String generatorName,
            String property) {
        String url = store.url();
        String identityProperties = identityProperties(property);
        if (auto && isPrivateInMemory(url)) {
            return new IdsConfigurationException("ids.node.provider", null, "the generator '" + generatorName
                    + "' needs a node identity, and the only lease store found is the DataSource at " + url
                    + ", a private in-memory database: every copy of the application would lease the same "
                    + "identities from its own database and issue the same IDs",
                    "Set ids.node.provider=jdbc to lease from it knowingly (a single instance, a test), or "
                    + "point spring.datasource.url at a database the instances share, or set "
                    + "ids.node.zookeeper.connect-string, or set the identity properties (" + identityProperties
                    + ") to values no other instance uses.");
        }
        if (store.losesAcknowledgedCommits()) {
            return new IdsConfigurationException("ids.node.provider", auto ? null : "jdbc",
                    "the generator '" + generatorName + "' needs a node identity, and the lease store is the "
                    + "DataSource at " + url + ", an embedded H2 file database with a write delay (H2's "
                    + "default, unless the URL sets WRITE_DELAY=0): H2 acknowledges a commit before it writes it, "
                    + "so when the process that has the file open dies, leases that other instances hold and the "
                    + "marks that keep a restarted instance above its last IDs can vanish, and the same "
                    + "identities would be leased again and issue the same IDs",
                    "Add ;WRITE_DELAY=0 to the DataSource's URL (spring.datasource.url) so that H2 writes each "
                    + "commit before acknowledging it, or keep the leases in a database server or in ZooKeeper "
                    + "(ids.node.provider=zookeeper and ids.node.zookeeper.connect-string), or set "
                    + "ids.node.provider=static and the identity properties (" + identityProperties
                    + ") to values no other instance uses.");
        }
        if (store.flushesLogLazily()) {
            return lazyLogFlushRefusal("the DataSource at " + url, auto ? null : "jdbc", generatorName,
                    identityProperties);
        }
        return null;
    }

    /**
     * The refusal of a MariaDB or MySQL server with {@code innodb_flush_log_at_trx_commit=0}, reached through JDBC or
     * R2DBC.
     *
     * @param store the store, as the refusal names it
     * @param provider the value of {@code ids.node.provider}, or {@code null} in auto mode
     * @param generatorName the generator that needs an identity
     * @param identityProperties the properties that set the identities instead
     * @return the refusal
     */
    static IdsConfigurationException lazyLogFlushRefusal(String store, @Nullable String provider,
            String generatorName, String identityProperties) {
        return new IdsConfigurationException("ids.node.provider", provider, "the generator '" + generatorName
                + "' needs a node identity, and the lease store is " + store + ", a server with "
                + "innodb_flush_log_at_trx_commit=0: it acknowledges a commit before writing it to its log, which it "
                + "writes about once a second, so a crash of the database server loses the leases and marks written "
                + "in its last second, and another instance could then lease an identity that a running instance "
                + "still holds and issue the same IDs",
                "Set innodb_flush_log_at_trx_commit to 1 on the database server (SET GLOBAL and its configuration "
                + "file; 2 also survives a crash of the server, though not of its host), or keep the leases in "
                + "another database or in ZooKeeper (ids.node.provider=zookeeper and "
                + "ids.node.zookeeper.connect-string), or set ids.node.provider=static and the identity properties ("
                + identityProperties + ") to values no other instance uses.");
    }

    /**
     * Reads {@code innodb_flush_log_at_trx_commit} of a MariaDB or MySQL server (global only: no session can change
     * it); {@code null} for other databases and for a server that does not tell.
     */
    static @Nullable String innoDbLogFlushSetting(Connection connection) throws SQLException {
        if (!LeaseTableSql.isMariaDbOrMySql(connection.getMetaData().getDatabaseProductName())) {
            return null;
        }
        try (Statement statement = connection.createStatement();
                ResultSet setting = statement.executeQuery(LeaseTableSql.MARIADB_LOG_FLUSH_SETTING)) {
            return setting.next() ? String.valueOf(setting.getString(1)).trim() : null;
        } catch (SQLException ex) {
            return null;
        }
    }

    /** The properties that set the identities leased in auto mode, the given one first. */
    static String identityProperties(String property) {
        return property + IDENTITY_PROPERTIES.replace(", " + property, "");
    }

    /**
     * Tells whether a JDBC URL names an in-memory database that only this process can reach (H2 {@code mem:},
     * HSQLDB {@code mem:}, Derby {@code memory:}); an H2 in-memory database served over TCP is shared, so not one.
     */
    static boolean isPrivateInMemory(@Nullable String url) {
        if (url == null) {
            return false;
        }
        String lower = url.toLowerCase(Locale.ROOT);
        return lower.startsWith("jdbc:h2:mem:") || lower.startsWith("jdbc:hsqldb:mem:")
                || lower.startsWith("jdbc:derby:memory:");
    }

    /**
     * Tells whether a JDBC URL names an embedded H2 database in a file ({@code jdbc:h2:file:} or a bare path, also
     * with {@code AUTO_SERVER}, whose copies reach the file through the process that opened it). H2 served over TCP
     * or SSL writes as its server is configured, and in-memory databases are judged by {@link #isPrivateInMemory},
     * so neither is one.
     */
    static boolean isEmbeddedH2File(@Nullable String url) {
        if (url == null || !url.regionMatches(true, 0, "jdbc:h2:", 0, 8)) {
            return false;
        }
        String database = url.substring(8).toLowerCase(Locale.ROOT);
        return !(database.startsWith("tcp:") || database.startsWith("ssl:") || database.startsWith("mem:"));
    }

    /**
     * Tells whether an H2 database acknowledges commits before writing them: its {@code WRITE_DELAY} (500 ms unless
     * the URL of the process that opened the file set it to 0) is read from the database itself, as the URL the driver
     * reports leaves the settings out, and a copy that reaches the file through {@code AUTO_SERVER} writes as the
     * process serving it does. A database that does not tell counts as delaying.
     */
    private static boolean delaysWrites(Connection connection) {
        try (Statement statement = connection.createStatement();
                ResultSet settings = statement.executeQuery("SELECT SETTING_VALUE FROM "
                        + "INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'WRITE_DELAY'")) {
            boolean told = false;
            while (settings.next()) {
                told = true;
                if (!"0".equals(String.valueOf(settings.getString(1)).trim())) {
                    return true;
                }
            }
            return !told;
        } catch (SQLException ex) {
            return true;
        }
    }
}
