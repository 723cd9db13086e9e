package dev.ids.node.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.UnsafeLeaseStoreException.Reason;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The judgement both lease stores apply, with the settings a database would report: the JDBC store hands it the
 * driver's URL, the R2DBC store (no URL) lets it ask H2 for its file path.
 */
class LeaseStoreRulesTest {

    private static final String MARIADB = "jdbc:mariadb://db-host:3306/app";

    /** The queries asked, answered from a map; a query not in it fails as the database would refuse it. */
    private static class Settings implements LeaseStoreRules.SettingReader<SQLException> {

        private final Map<String, String> answers;
        private final List<String> asked = new ArrayList<>();

        Settings(Map<String, String> answers) {
            this.answers = answers;
        }

        @Override
        public String read(String sql) throws SQLException {
            asked.add(sql);
            return answers.get(sql); // null as well for a query the database refuses
        }
    }

    private static Settings logFlush(String value) {
        return new Settings(Map.of(LeaseTableSql.MARIADB_LOG_FLUSH_SETTING, value));
    }

    /**
     * An independent check ran MariaDB with {@code innodb_flush_log_at_trx_commit=0}, killed the server and restarted
     * it: the lease rows were gone, and two instances issued 838 identical IDs.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"MariaDB", "MySQL"})
    void aServerThatWritesItsLogAboutOnceASecondIsRefusedNamingTheSettingAndWhatToSet(String product) {
        assertThatThrownBy(() -> LeaseStoreRules.check("the DataSource at " + MARIADB, product, MARIADB, true,
                logFlush("0"))).isInstanceOfSatisfying(UnsafeLeaseStoreException.class, refused -> {
                    assertThat(refused.reason()).isEqualTo(Reason.LAZY_LOG_FLUSH);
                    assertThat(refused.problem()).contains(MARIADB, "innodb_flush_log_at_trx_commit=0",
                            "a crash of the database server loses", "the same IDs");
                    assertThat(refused.remedy()).contains("Set innodb_flush_log_at_trx_commit to 1", "2 passes");
                    assertThat(refused.getMessage()).startsWith("The lease store is the DataSource at " + MARIADB)
                            .endsWith(".");
                });
    }

    /**
     * {@code 1} writes and flushes the log at each commit; {@code 2} writes it to the operating system at each commit,
     * so a crash of the server loses nothing (only one of its host does); a server that does not tell passes.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1", "2", " 1 "})
    void aServerThatWritesItsLogAtEachCommitPasses(String value) {
        assertThatCode(() -> LeaseStoreRules.check("s", "MariaDB", MARIADB, false, logFlush(value)))
                .doesNotThrowAnyException();
        assertThatCode(() -> LeaseStoreRules.check("s", "MariaDB", MARIADB, false, new Settings(Map.of())))
                .as("a server that does not tell").doesNotThrowAnyException();
    }

    @Test
    void urlsAreShownWithTheirPasswordsMasked() {
        assertThat(LeaseStoreRules.shownUrl("jdbc:mysql://ids:s3cret@db:3306/app?useSSL=true"))
                .isEqualTo("jdbc:mysql://ids:***@db:3306/app?useSSL=true");
        assertThat(LeaseStoreRules.shownUrl("jdbc:mariadb://db/app?user=ids&password=s3cret&x=1"))
                .isEqualTo("jdbc:mariadb://db/app?user=ids&password=***&x=1");
        assertThat(LeaseStoreRules.shownUrl("jdbc:h2:file:./ids;PWD=s3cret;WRITE_DELAY=0"))
                .isEqualTo("jdbc:h2:file:./ids;PWD=***;WRITE_DELAY=0");
        assertThat(LeaseStoreRules.shownUrl("jdbc:postgresql://db:5432/test")).isEqualTo("jdbc:postgresql://db:5432/test");
    }

    /** A database the check never heard from is not passed: the check fails, and runs again at the next claim. */
    @Test
    void aDatabaseThatCannotBeAskedIsNotPassed() {
        LeaseStoreRules.SettingReader<SQLException> down = sql -> {
            throw new SQLException("Connection refused", "08001");
        };
        assertThatThrownBy(() -> LeaseStoreRules.check("s", "MariaDB", MARIADB, false, down))
                .isInstanceOf(SQLException.class).hasMessage("Connection refused");
        assertThatThrownBy(() -> LeaseStoreRules.check("s", "H2", "jdbc:h2:file:./ids", false, down))
                .isInstanceOf(SQLException.class);
        assertThatThrownBy(() -> LeaseStoreRules.check("s", "H2", null, false, down)).isInstanceOf(SQLException.class);
    }

    @Test
    void anEmbeddedH2FileIsAskedForItsWriteDelay() {
        String url = "jdbc:h2:file:./ids;AUTO_SERVER=TRUE";
        assertThatThrownBy(() -> LeaseStoreRules.check("the DataSource at " + url, "H2", url, false,
                new Settings(Map.of(LeaseStoreRules.H2_WRITE_DELAY_SETTING, "500"))))
                .isInstanceOfSatisfying(UnsafeLeaseStoreException.class, refused -> {
                    assertThat(refused.reason()).isEqualTo(Reason.H2_WRITE_DELAY);
                    assertThat(refused.getMessage()).contains(url, "WRITE_DELAY '500' ms", "Add ;WRITE_DELAY=0");
                });
        assertThatThrownBy(() -> LeaseStoreRules.check("s", "H2", url, false, new Settings(Map.of())))
                .as("an H2 that does not tell counts as delaying").isInstanceOf(UnsafeLeaseStoreException.class);
        assertThatCode(() -> LeaseStoreRules.check("s", "H2", url, false,
                new Settings(Map.of(LeaseStoreRules.H2_WRITE_DELAY_SETTING, "0")))).doesNotThrowAnyException();
    }

    @Test
    void onlyPrivateInMemoryDatabasesNeedTheBuilderToSaySingleProcess() {
        for (String url : List.of("jdbc:h2:mem:test;DB_CLOSE_DELAY=-1", "jdbc:hsqldb:mem:testdb",
                "jdbc:derby:memory:demo;create=true")) {
            assertThatThrownBy(() -> LeaseStoreRules.check("s", "x", url, false, new Settings(Map.of())))
                    .as(url).isInstanceOfSatisfying(UnsafeLeaseStoreException.class,
                            refused -> assertThat(refused.reason()).isEqualTo(Reason.PRIVATE_IN_MEMORY));
            assertThatCode(() -> LeaseStoreRules.check("s", "x", url, true, new Settings(Map.of())))
                    .doesNotThrowAnyException();
        }
        Settings none = new Settings(Map.of());
        for (String url : List.of("jdbc:h2:tcp://db-host/mem:shared", "jdbc:h2:ssl://db-host/~/ids",
                "jdbc:postgresql://127.0.0.1:5432/test")) {
            assertThatCode(() -> LeaseStoreRules.check("s", "PostgreSQL", url, false, none)).as(url)
                    .doesNotThrowAnyException();
        }
        assertThat(none.asked).as("nothing to ask a server the rules do not concern").isEmpty();
    }

    @Test
    void withoutAUrlH2IsAskedWhereItKeepsItsDatabase() {
        assertThatThrownBy(() -> LeaseStoreRules.check("the R2DBC ConnectionFactory for H2", "H2", null, false,
                new Settings(Map.of()) {
                    @Override
                    public String read(String sql) throws SQLException {
                        return sql.equals(LeaseStoreRules.H2_DATABASE_PATH) ? null : super.read(sql);
                    }
                })).isInstanceOfSatisfying(UnsafeLeaseStoreException.class, refused -> {
                    assertThat(refused.reason()).isEqualTo(Reason.PRIVATE_IN_MEMORY);
                    assertThat(refused.problem()).contains("the R2DBC ConnectionFactory for H2 in memory");
                });
        assertThatThrownBy(() -> LeaseStoreRules.check("the R2DBC ConnectionFactory for H2", "H2", null, true,
                new Settings(Map.of(LeaseStoreRules.H2_DATABASE_PATH, "/data/ids",
                        LeaseStoreRules.H2_WRITE_DELAY_SETTING, "500"))))
                .isInstanceOfSatisfying(UnsafeLeaseStoreException.class, refused -> {
                    assertThat(refused.reason()).isEqualTo(Reason.H2_WRITE_DELAY);
                    assertThat(refused.problem()).contains("(file '/data/ids')");
                });
        assertThatCode(() -> LeaseStoreRules.check("s", "H2", null, false, new Settings(Map.of(
                LeaseStoreRules.H2_DATABASE_PATH, "/data/ids", LeaseStoreRules.H2_WRITE_DELAY_SETTING, "0"))))
                .doesNotThrowAnyException();
    }

    @Test
    void onlyEmbeddedH2FilesCountAsFiles() {
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:h2:file:./ids")).isTrue();
        assertThat(LeaseStoreRules.isEmbeddedH2File("JDBC:H2:./ids")).as("a bare path").isTrue();
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:h2:~/ids")).isTrue();
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:h2:tcp://db-host/./ids")).isFalse();
        assertThat(LeaseStoreRules.isEmbeddedH2File("jdbc:h2:mem:ids")).isFalse();
        assertThat(LeaseStoreRules.isEmbeddedH2File(null)).isFalse();
        assertThat(LeaseStoreRules.isPrivateInMemory(null)).isFalse();
    }
}
