package dev.ids.node.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.UnsafeLeaseStoreException.Reason;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JDBC store refuses, by itself and without Spring, an H2 database its leases are not safe in, before its first
 * claim writes anything: a file with H2's write delay (which lost acknowledged lease rows when the process serving
 * the file through {@code AUTO_SERVER} was killed: 2,800, 0 and 2,400 duplicate IDs in three runs of the core
 * provider alone), and a private in-memory database unless the builder declared the leases for this one process.
 */
class UnsafeLeaseStoreH2Test {

    private static final NodeClaim CLAIM = new NodeClaim("sno", 0, 1023);
    private static final AtomicInteger MEMORY_DATABASES = new AtomicInteger();

    @TempDir
    Path directory;

    private static JdbcDataSource h2(String url) {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL(url);
        dataSource.setUser("sa");
        return dataSource;
    }

    private String fileUrl(String settings) {
        return "jdbc:h2:file:" + directory.resolve("ids").toAbsolutePath() + settings;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"", ";AUTO_SERVER=TRUE", ";WRITE_DELAY=200"})
    void anH2FileThatAcknowledgesCommitsBeforeWritingThemIsRefusedNamingWriteDelay(String settings)
            throws SQLException {
        JdbcDataSource dataSource = h2(fileUrl(settings));
        // The refusal reads the database; a connection held open keeps the file, as the serving process would.
        try (Connection open = dataSource.getConnection()) {
            JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(dataSource).build();

            assertThatThrownBy(() -> provider.claim(CLAIM)).isInstanceOfSatisfying(UnsafeLeaseStoreException.class,
                    refused -> {
                        assertThat(refused.reason()).isEqualTo(Reason.H2_WRITE_DELAY);
                        assertThat(refused.store()).contains("jdbc:h2:file:").contains("ids");
                        assertThat(refused.getMessage()).contains("WRITE_DELAY", "write delay",
                                "acknowledges a commit before it writes it", "Add ;WRITE_DELAY=0");
                    });
            assertThat(tableExists(open)).as("refused before anything is written").isFalse();
            assertThatThrownBy(() -> provider.claim(CLAIM)).as("and on every later claim")
                    .isInstanceOf(UnsafeLeaseStoreException.class);
        }
    }

    @Test
    void anH2FileThatWritesEachCommitAtOnceLeases() {
        JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(h2(fileUrl(";WRITE_DELAY=0"))).build();
        try (NodeLease lease = provider.claim(CLAIM)) {
            assertThat(lease.identity()).isZero();
        }
    }

    @Test
    void aPrivateInMemoryDatabaseIsRefusedUnlessTheBuilderSaysOnlyThisProcessLeases() {
        String url = "jdbc:h2:mem:unsafe-store-" + MEMORY_DATABASES.incrementAndGet();
        JdbcDataSource dataSource = h2(url + ";DB_CLOSE_DELAY=-1");

        assertThatThrownBy(() -> JdbcNodeLeaseProvider.builder(dataSource).build().claim(CLAIM))
                .isInstanceOfSatisfying(UnsafeLeaseStoreException.class, refused -> {
                    assertThat(refused.reason()).isEqualTo(Reason.PRIVATE_IN_MEMORY);
                    assertThat(refused.getMessage()).contains(url, "private in-memory database",
                            "issue the same IDs", "singleProcess(true)");
                });
        assertThatThrownBy(() -> JdbcNodeLeaseProvider.builder(dataSource).createTable(false).build().claim(CLAIM))
                .as("also when the table is not the store's to create").isInstanceOf(UnsafeLeaseStoreException.class);

        JdbcNodeLeaseProvider one = JdbcNodeLeaseProvider.builder(dataSource).singleProcess(true).build();
        JdbcNodeLeaseProvider other = JdbcNodeLeaseProvider.builder(dataSource).singleProcess(true).build();
        try (NodeLease first = one.claim(CLAIM); NodeLease second = other.claim(CLAIM)) {
            assertThat(first.identity()).isZero();
            assertThat(second.identity()).as("providers of one process share the database").isEqualTo(1);
        }
    }

    @Test
    void singleProcessDoesNotLetAFileThatLosesCommitsPass() {
        JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(h2(fileUrl(""))).singleProcess(true).build();

        assertThatThrownBy(() -> provider.claim(CLAIM)).isInstanceOfSatisfying(UnsafeLeaseStoreException.class,
                refused -> assertThat(refused.reason()).isEqualTo(Reason.H2_WRITE_DELAY));
    }

    private static boolean tableExists(Connection connection) throws SQLException {
        try (ResultSet tables = connection.getMetaData().getTables(null, null, "IDS_NODE_LEASE", null)) {
            return tables.next();
        }
    }
}
