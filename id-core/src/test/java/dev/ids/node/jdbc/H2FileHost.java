package dev.ids.node.jdbc;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

/**
 * A child process of {@link H2AutoServerHostKilledIT}: the instance that opened an H2 file database first and so
 * serves it to the others ({@code AUTO_SERVER=TRUE}). It opens the database, creates the lease table, keeps its
 * connection open (the file stays open, and served, as long as one is) and prints {@code SERVING} with the
 * database's {@code WRITE_DELAY}; then it waits until its standard input ends, or until the test kills it.
 *
 * <p>Arguments: the JDBC URL and the lease table's name.
 */
public final class H2FileHost {

    private H2FileHost() {
    }

    /**
     * Opens and serves the database.
     *
     * @param args the URL and the table name
     * @throws Exception when the database cannot be opened
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            throw new IllegalArgumentException("Arguments: <jdbc url> <lease table>; got " + args.length);
        }
        try (Connection connection = DriverManager.getConnection(args[0], "sa", "");
                Statement statement = connection.createStatement()) {
            statement.execute(JdbcNodeLeaseProvider.createTableStatement(args[1]));
            String writeDelay;
            try (var settings = statement.executeQuery(
                    "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'WRITE_DELAY'")) {
                writeDelay = settings.next() ? settings.getString(1) : "unknown";
            }
            System.out.println("SERVING writeDelay=" + writeDelay + " pid=" + ProcessHandle.current().pid());
            System.out.flush();
            awaitEndOfInput();
        }
        System.exit(0);
    }

    private static void awaitEndOfInput() {
        try {
            while (System.in.read() >= 0) {
                // wait
            }
        } catch (IOException e) {
            // a broken pipe ends it as well
        }
    }
}
