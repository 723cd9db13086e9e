package dev.ids.node.jdbc;

import dev.ids.clock.IdClock;
import dev.ids.node.sql.SqlDialect;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * The database's current time, in milliseconds since the Unix epoch, as an SQL expression of the database's dialect,
 * so that expiry, renewal and takeover are all decided on the one clock every process shares. Statements carry the
 * placeholder {@value #NOW}; {@link #sql(String)} puts the expression in its place.
 *
 * <p>A database whose dialect is not known here falls back to the application's wall clock, written into the
 * statement as a literal (the behaviour before the database's clock was used), and says so once in the log; its
 * skew is then not measured.
 */
final class DatabaseClock {

    /** The placeholder for the database's current time in the provider's statements. */
    static final String NOW = "{db_now_millis}";

    /** The provider's logger, named as a string: this class is the provider's helper, not its user. */
    private static final System.Logger LOG = System.getLogger("dev.ids.node.jdbc.JdbcNodeLeaseProvider");

    /** The dialect's expression; {@code null} when the application's clock stands in. */
    private final @Nullable String expression;
    private final IdClock applicationClock;
    /** For tests only: a clock whose wall time stands in for the database's, exactly; or null. */
    private final @Nullable IdClock testClock;
    private final String product;

    private DatabaseClock(String product, @Nullable String expression, IdClock applicationClock,
            @Nullable IdClock testClock) {
        this.product = product;
        this.expression = expression;
        this.applicationClock = applicationClock;
        this.testClock = testClock;
    }

    /**
     * Picks the expression for the connection's database.
     *
     * @param testClock for tests: a clock whose wall time stands in for the database's, or {@code null}
     */
    static DatabaseClock of(Connection connection, IdClock applicationClock, @Nullable IdClock testClock,
            String tableName) throws SQLException {
        String product = connection.getMetaData().getDatabaseProductName();
        String expression = SqlDialect.nowMillisExpression(product);
        if (expression == null) {
            LOG.log(Level.INFO, () -> "The node lease table " + tableName + " is on " + product + ", whose clock"
                    + " the JDBC lease cannot read: expiries are stamped with the application's clock, so the"
                    + " clocks of all processes sharing the table must differ by less than the reclaim grace");
        }
        return new DatabaseClock(product, expression, applicationClock, testClock);
    }

    /** Replaces the placeholder in a statement with the database's current time. */
    String sql(String template) {
        return template.contains(NOW) ? template.replace(NOW, nowExpression()) : template;
    }

    /** Whether the database's own clock is read (otherwise the application's stands in). */
    boolean readsDatabase() {
        return expression != null;
    }

    /**
     * Measures how far the application's wall clock is ahead of the database's (negative when behind), on the
     * given connection: the database's time is compared with the application's at the middle of the round trip.
     *
     * @return the skew in milliseconds; 0 when the application's clock stands in for the database's
     */
    long skewMillis(Connection connection, int queryTimeoutSeconds) throws SQLException {
        if (expression == null && testClock == null) {
            return 0;
        }
        try (PreparedStatement select = connection.prepareStatement("SELECT " + nowExpression())) {
            select.setQueryTimeout(queryTimeoutSeconds);
            long before = applicationClock.wallTimeMillis();
            try (ResultSet result = select.executeQuery()) {
                long after = applicationClock.wallTimeMillis();
                result.next();
                return skewMillis(before, after, result.getLong(1));
            }
        }
    }

    /**
     * Tells the skew from a query that read the database's time among other columns: the application's wall-clock
     * readings before and after its round trip, and the time the database answered.
     *
     * @return the skew in milliseconds; 0 when the application's clock stands in for the database's
     */
    long skewMillis(long beforeMillis, long afterMillis, long databaseMillis) {
        if (expression == null && testClock == null) {
            return 0;
        }
        return beforeMillis + (afterMillis - beforeMillis) / 2 - databaseMillis;
    }

    /** The application's wall clock, which the skew compares with the database's. */
    long applicationWallMillis() {
        return applicationClock.wallTimeMillis();
    }

    private String nowExpression() {
        if (testClock != null) {
            return Long.toString(testClock.wallTimeMillis());
        }
        return expression != null ? expression : Long.toString(applicationClock.wallTimeMillis());
    }

    @Override
    public String toString() {
        return "DatabaseClock[" + product + (expression == null ? ", the application's clock stands in]" : "]");
    }
}
