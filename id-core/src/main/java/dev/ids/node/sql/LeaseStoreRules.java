package dev.ids.node.sql;

import dev.ids.internal.Chars;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.UnsafeLeaseStoreException.Reason;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The databases a lease table must not live in, judged once for every store over the table (the JDBC store and the
 * R2DBC store of id-r2dbc each ask their database and hand the answers here), before the store's first claim writes
 * anything:
 * <ul>
 * <li>a private in-memory database (H2 {@code mem:}, HSQLDB {@code mem:}, Derby {@code memory:}), unless the
 * builder declared every lease of the table to be taken in this one process: no other process can reach it, so
 * each would lease the same identities from a database of its own;</li>
 * <li>an embedded H2 file (also one shared through {@code AUTO_SERVER}) whose {@code WRITE_DELAY} is not 0: H2
 * acknowledges a commit before writing it, so the death of the process that has the file open loses acknowledged
 * lease rows and high-water marks;</li>
 * <li>a MariaDB or MySQL server with {@code innodb_flush_log_at_trx_commit=0}: it writes its log about once a second,
 * so a crash of the server loses the last second of acknowledged commits. {@code 2} passes: it hands each commit to
 * the operating system, and loses commits only when the server's host crashes, not when the server does, the line
 * the other rules draw too (no store checks a database's {@code fsync}).</li>
 * </ul>
 * PostgreSQL's {@code synchronous_commit=off} needs no rule: each lease write raises it for itself
 * ({@link LeaseTableSql#POSTGRESQL_RAISE_SYNCHRONOUS_COMMIT}).
 */
public final class LeaseStoreRules {

    /** Reads an H2 database's {@code WRITE_DELAY}, as the process that opened the file set it. */
    public static final String H2_WRITE_DELAY_SETTING = "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
            + " WHERE SETTING_NAME = 'WRITE_DELAY'";

    /** Reads an H2 database's file path: SQL NULL for a database in memory. */
    public static final String H2_DATABASE_PATH = "SELECT DATABASE_PATH()";

    private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)((?:password|pwd)=)[^&;]*");
    /** {@code //user:secret@host}: the secret ends at the last {@code @} before the path. */
    private static final Pattern USER_INFO_PASSWORD = Pattern.compile("(//[^/:@]*:)[^/]*@");

    private LeaseStoreRules() {
    }

    /** Reads one setting of the database: the first column of the first row of a query. */
    @FunctionalInterface
    public interface SettingReader<E extends Exception> {

        /**
         * Runs a query on the store's database.
         *
         * @param sql the query, one of this class's or {@link LeaseTableSql#MARIADB_LOG_FLUSH_SETTING}
         * @return the first column of the first row as text; {@code null} for SQL NULL, no row, or a query the
         *     database refuses (it does not have the setting)
         * @throws E when the database cannot be asked (unreachable, timed out): the check then fails, so
         *     that it runs again at the next claim rather than pass a database it never heard from
         */
        @Nullable String read(String sql) throws E;
    }

    /**
     * Refuses a database the lease table must not live in; reads only the settings the database's kind needs.
     *
     * @param store how messages name the store, for example {@code the DataSource at jdbc:h2:file:./ids}; bounded
     *     by the caller
     * @param product the database's product name, as the driver reports it
     * @param url the database's JDBC URL as the driver reports it, or {@code null} when the store cannot tell (over
     *     R2DBC H2 is then asked for its file path)
     * @param singleProcess whether the builder declared every lease of the table to be taken in this one process,
     *     which lets a private in-memory database pass
     * @param settings reads a setting of the database
     * @param <E> what the reader throws when the database cannot be asked
     * @throws UnsafeLeaseStoreException naming the store, the setting and what to change
     * @throws E when the database cannot be asked: nothing is passed that was not heard from
     */
    public static <E extends Exception> void check(String store, String product, @Nullable String url,
            boolean singleProcess, SettingReader<E> settings) throws E {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(settings, "settings");
        if (SqlDialect.isMariaDbOrMySql(product)) {
            // A server that does not tell passes: the setting is InnoDB's, and another engine has no such log.
            if ("0".equals(read(settings, LeaseTableSql.MARIADB_LOG_FLUSH_SETTING))) {
                throw lazyLogFlush(store);
            }
            return;
        }
        String where = store;
        boolean inMemory;
        if (url != null) {
            inMemory = isPrivateInMemory(url);
            if (!inMemory && !isEmbeddedH2File(url)) {
                return;
            }
        } else if (SqlDialect.isH2(product)) {
            String path = settings.read(H2_DATABASE_PATH);
            inMemory = path == null;
            where = path == null ? store + " in memory" : store + " (file " + Chars.quote(path) + ")";
        } else {
            return;
        }
        if (inMemory) {
            if (!singleProcess) {
                throw privateInMemory(where);
            }
            return;
        }
        String writeDelay = read(settings, H2_WRITE_DELAY_SETTING);
        if (writeDelay == null || !writeDelay.trim().equals("0")) {
            throw writeDelay(where, writeDelay);
        }
    }

    /**
     * Tells whether a JDBC URL names an in-memory database that only this process can reach (H2 {@code mem:},
     * HSQLDB {@code mem:}, Derby {@code memory:}); an H2 in-memory database served over TCP is shared, so not one.
     *
     * @param url the URL, or {@code null}
     * @return whether it is private to this process
     */
    public static boolean isPrivateInMemory(@Nullable String url) {
        if (url == null) {
            return false;
        }
        String lower = url.toLowerCase(Locale.ROOT);
        return lower.startsWith("jdbc:h2:mem:") || lower.startsWith("jdbc:hsqldb:mem:")
                || lower.startsWith("jdbc:derby:memory:");
    }

    /**
     * Tells whether a JDBC URL names an embedded H2 database in a file ({@code jdbc:h2:file:} or a bare path, also
     * with {@code AUTO_SERVER}, whose other users reach the file through the process that opened it). H2 served over
     * TCP or SSL writes as its server is configured, and an in-memory database is not a file.
     *
     * @param url the URL, or {@code null}
     * @return whether it is an embedded H2 file
     */
    public static boolean isEmbeddedH2File(@Nullable String url) {
        if (url == null || !url.regionMatches(true, 0, "jdbc:h2:", 0, 8)) {
            return false;
        }
        String database = url.substring(8).toLowerCase(Locale.ROOT);
        return !(database.startsWith("tcp:") || database.startsWith("ssl:") || database.startsWith("mem:"));
    }

    /**
     * Shows a database URL in a message or a log line: bounded, with the password of a {@code password=} or
     * {@code pwd=} parameter and of a {@code user:password@} part masked.
     *
     * @param url the URL as the driver reports it
     * @return the URL to show
     */
    public static String shownUrl(String url) {
        String masked = PASSWORD_PARAMETER.matcher(url).replaceAll("$1***");
        return Chars.excerpt(USER_INFO_PASSWORD.matcher(masked).replaceAll("$1***@"));
    }

    /** Reads a setting, trimmed; {@code null} when the database does not have it. */
    private static <E extends Exception> @Nullable String read(SettingReader<E> settings, String sql) throws E {
        String value = settings.read(sql);
        return value == null ? null : value.trim();
    }

    private static UnsafeLeaseStoreException privateInMemory(String store) {
        return refusal(Reason.PRIVATE_IN_MEMORY, store, "the lease store is " + store + ", a private in-memory "
                + "database: no other process can reach it, so every process would lease the same identities from "
                + "a database of its own and issue the same IDs",
                "Keep the leases in a database the processes share, or, when every lease of this table is taken in "
                + "this one process (a test, a single instance), build the provider with singleProcess(true)");
    }

    private static UnsafeLeaseStoreException writeDelay(String store, @Nullable String writeDelay) {
        return refusal(Reason.H2_WRITE_DELAY, store, "the lease store is " + store + ", an embedded H2 file "
                + "database with a write delay (WRITE_DELAY " + (writeDelay == null ? "unknown"
                : Chars.quote(writeDelay) + " ms") + "; H2's default is 500 ms unless the URL sets WRITE_DELAY=0): "
                + "H2 acknowledges a commit before it writes it, so when the process that has the file open dies "
                + "(also one serving it through AUTO_SERVER), leases and the high-water marks that keep a restarted "
                + "process above its last IDs can vanish, and the same identities be leased again and issue the "
                + "same IDs",
                "Add ;WRITE_DELAY=0 to the database URL (of every process that may open the file) so that H2 writes "
                + "each commit before acknowledging it, or keep the leases in a database server");
    }

    private static UnsafeLeaseStoreException lazyLogFlush(String store) {
        return refusal(Reason.LAZY_LOG_FLUSH, store, "the lease store is " + store + ", a server with "
                + "innodb_flush_log_at_trx_commit=0: it acknowledges a commit before writing it to its log, which it "
                + "writes about once a second, so a crash of the database server loses the leases and marks written "
                + "in its last second, and another process could then lease an identity that a running one still "
                + "holds and issue the same IDs",
                "Set innodb_flush_log_at_trx_commit to 1 on the database server (SET GLOBAL and its configuration "
                + "file; 2 passes too, losing commits only when the server's host crashes, not the server), or keep "
                + "the leases in another database");
    }

    private static UnsafeLeaseStoreException refusal(Reason reason, String store, String problem, String remedy) {
        return new UnsafeLeaseStoreException(reason, store, problem, remedy);
    }
}
