package dev.ids.autoconfigure.node;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdsConfigurationException;
import java.sql.Connection;
import java.sql.SQLException;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** The lease stores the starter refuses because they can lose acknowledged commits, and those it does not. */
class LeaseStoreRulesTests {

    private static final String URL = "jdbc:mariadb://db-host:3306/app";

    /**
     * An independent check ran MariaDB with {@code innodb_flush_log_at_trx_commit=0}, killed the server and restarted
     * it: the lease rows were gone, and two instances issued 838 identical IDs. Only the server knows the setting
     * (global, no session changes it), so {@link LeaseStoreRules#inspect} reads it, as the next test shows.
     */
    @Test
    void aServerThatWritesItsLogAboutOnceASecondIsRefusedNamingTheSettingAndWhatToDo() {
        IdsConfigurationException refusal = LeaseStoreRules.refusal(new LeaseStoreRules.Store(URL, false, true),
                true, "snoGenerator", "ids.sno.partition");

        assertThat(refusal).isNotNull();
        assertThat(refusal.getProperty()).isEqualTo("ids.node.provider");
        assertThat(refusal.getProblem()).contains("'snoGenerator'", URL, "innodb_flush_log_at_trx_commit=0",
                "a crash of the database server loses", "the same IDs");
        assertThat(refusal.getAction()).contains("Set innodb_flush_log_at_trx_commit to 1",
                "ids.node.provider=zookeeper", "ids.node.provider=static", "ids.sno.partition, ids.lable.generator-id");
        assertThat(LeaseStoreRules.refusal(new LeaseStoreRules.Store(URL, false, false), true, "snoGenerator",
                "ids.sno.partition")).as("a server that writes its log at each commit").isNull();
    }

    @Test
    void onlyMariaDbAndMySqlAreAskedForTheirLogFlushing() throws SQLException {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:lease-store-rules;MODE=MariaDB");
        try (Connection connection = h2.getConnection()) {
            assertThat(LeaseStoreRules.innoDbLogFlushSetting(connection)).isNull();
        }
        assertThat(LeaseStoreRules.inspect(h2).flushesLogLazily()).isFalse();
    }
}
