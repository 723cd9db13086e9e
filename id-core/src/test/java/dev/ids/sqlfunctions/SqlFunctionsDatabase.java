package dev.ids.sqlfunctions;

import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * A namespace of the test run's own on PostgreSQL (a schema) or MariaDB (a database), with the shipped function script
 * run into it twice (it must be rerunnable), and the conversions between the Java values and each database's column
 * forms. Closing it drops the namespace.
 */
final class SqlFunctionsDatabase implements AutoCloseable {

    private final SqlNamespace namespace;
    private final Connection connection;

    private SqlFunctionsDatabase(SqlNamespace namespace, Connection connection) {
        this.namespace = namespace;
        this.connection = connection;
    }

    /**
     * Creates a namespace named after this process and a random number, and runs the script into it twice.
     *
     * @param database PostgreSQL or MariaDB
     * @return the namespace, connected
     * @throws SQLException when the namespace or the script fails
     */
    static SqlFunctionsDatabase open(TestDatabase database) throws SQLException {
        SqlNamespace namespace = SqlNamespace.create(database, "ids_sql");
        SqlFunctionsDatabase opened = new SqlFunctionsDatabase(namespace, namespace.connect());
        opened.runScript();
        opened.runScript();
        return opened;
    }

    /** The script's location in id-core's jar. */
    String scriptResource() {
        return scriptResource(isPostgreSql());
    }

    /**
     * The location of a database's script in id-core's jar: the client script, which is also Flyway's repeatable
     * migration, in the folder that is its Flyway location.
     *
     * @param postgreSql PostgreSQL's script rather than MariaDB's
     * @return the resource's path
     */
    static String scriptResource(boolean postgreSql) {
        return "META-INF/ids/sql/" + (postgreSql ? "postgresql" : "mariadb") + "/R__ids_functions.sql";
    }

    boolean isPostgreSql() {
        return namespace.isPostgreSql();
    }

    Connection connection() {
        return connection;
    }

    String namespace() {
        return namespace.name();
    }

    /** Runs the shipped script: PostgreSQL takes it whole, MariaDB statement by statement as its client splits it. */
    void runScript() throws SQLException {
        String script = read(scriptResource());
        try (Statement statement = connection.createStatement()) {
            if (isPostgreSql()) {
                statement.execute(script);
            } else {
                for (String sql : ClientScript.statements(script)) {
                    statement.execute(sql);
                }
            }
        }
    }

    /** The JDBC parameter for an ID in the column form the starter creates on this database. */
    Object column(Object id) {
        if (id instanceof TraceId traceId) {
            return traceId.toLong();
        }
        if (id instanceof LableId lableId) {
            return lableId.toLong();
        }
        if (id instanceof Sno sno) {
            return sno.toBytes();
        }
        if (id instanceof Gid gid) {
            return isPostgreSql() ? gid.toUuid() : gid.toBytes();
        }
        if (id instanceof Muid muid) {
            return isPostgreSql() ? muid.toUuid() : muid.toBytes();
        }
        throw new IllegalArgumentException("Not an ID: " + id);
    }

    /** Reads a 16-byte column value (uuid on PostgreSQL, BINARY(16) on MariaDB) as bytes. */
    byte[] bytes16(ResultSet rows, int column) throws SQLException {
        if (isPostgreSql()) {
            UUID uuid = rows.getObject(column, UUID.class);
            return uuid == null ? null : uuidBytes(uuid);
        }
        return rows.getBytes(column);
    }

    private static byte[] uuidBytes(UUID uuid) {
        byte[] bytes = new byte[16];
        for (int i = 0; i < 8; i++) {
            bytes[i] = (byte) (uuid.getMostSignificantBits() >>> (56 - 8 * i));
            bytes[8 + i] = (byte) (uuid.getLeastSignificantBits() >>> (56 - 8 * i));
        }
        return bytes;
    }

    /** The JDBC parameter for an instant: timestamptz on PostgreSQL, a UTC DATETIME(6) on MariaDB. */
    Object instant(Instant instant) {
        return namespace.instant(instant);
    }

    /** Reads an instant that a function returned. */
    Instant instant(ResultSet rows, int column) throws SQLException {
        return namespace.instant(rows, column);
    }

    @Override
    public void close() throws SQLException {
        try {
            connection.close();
        } finally {
            namespace.close();
        }
    }

    static String read(String resource) {
        try (InputStream in = SqlFunctionsDatabase.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Not on the class path: " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Splits a script as the mariadb client and Flyway do: at the current delimiter, which DELIMITER lines change. */
    static final class ClientScript {

        private ClientScript() {
        }

        static List<String> statements(String script) {
            List<String> statements = new ArrayList<>();
            String delimiter = ";";
            StringBuilder current = new StringBuilder();
            for (String line : script.split("\n", -1)) {
                String trimmed = line.strip();
                if (trimmed.toUpperCase(Locale.ROOT).startsWith("DELIMITER ")) {
                    delimiter = trimmed.substring("DELIMITER ".length()).strip();
                    continue;
                }
                if (current.isEmpty() && (trimmed.isEmpty() || trimmed.startsWith("--"))) {
                    continue;
                }
                if (trimmed.endsWith(delimiter)) {
                    current.append(line, 0, line.lastIndexOf(delimiter));
                    statements.add(current.toString());
                    current.setLength(0);
                } else {
                    current.append(line).append('\n');
                }
            }
            if (!current.toString().isBlank()) {
                throw new IllegalStateException("The script ends inside a statement: " + current);
            }
            return statements;
        }
    }
}
