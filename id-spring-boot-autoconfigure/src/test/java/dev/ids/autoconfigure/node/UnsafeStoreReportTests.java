package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.node.jdbc.JdbcLeaseStoreKind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.sql.LeaseStoreRules;
import dev.ids.node.sql.LeaseTableSql;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The store's refusal of its database, worded for the start-up failure report with the starter's properties. */
class UnsafeStoreReportTests {

    private static final String URL = "jdbc:mariadb://db-host:3306/app";

    private static ChosenLeaseProvider starters(String setting) {
        return new ChosenLeaseProvider(claim -> null, setting == null ? ChosenLeaseProvider.Origin.AUTO
                : ChosenLeaseProvider.Origin.EXPLICIT, new JdbcLeaseStoreKind(), "jdbc (table ids_node_lease)",
                () -> null, setting);
    }

    private static UnsafeLeaseStoreException refusal(Map<String, String> settings, String product, String url) {
        return catchThrowableOfType(UnsafeLeaseStoreException.class, () -> LeaseStoreRules.check(
                "the DataSource at " + url, product, url, false, settings::get));
    }

    /**
     * An independent check ran MariaDB with {@code innodb_flush_log_at_trx_commit=0}, killed the server and restarted
     * it: the lease rows were gone, and two instances issued 838 identical IDs.
     */
    @Test
    void aServerThatWritesItsLogAboutOnceASecondIsRefusedNamingTheSettingAndWhatToDo() {
        UnsafeLeaseStoreException refused = refusal(Map.of(LeaseTableSql.MARIADB_LOG_FLUSH_SETTING, "0"), "MariaDB",
                URL);

        IdsConfigurationException report = UnsafeStoreReport.of(refused, starters(null), "snoGenerator",
                "ids.sno.partition");

        assertThat(report.getProperty()).isEqualTo("ids.node.provider");
        assertThat(report.getMessage()).startsWith("ids.node.provider is not set");
        assertThat(report.getProblem()).contains("'snoGenerator'", URL, "innodb_flush_log_at_trx_commit=0",
                "a crash of the database server loses", "the same IDs");
        assertThat(report.getAction()).contains("Set innodb_flush_log_at_trx_commit to 1",
                "ids.node.provider=zookeeper", "ids.node.provider=static", "ids.sno.partition, ids.lable.generator-id");
    }

    @Test
    void anH2FileWithAWriteDelayNamesTheUrlPropertyAndTheProviderAsSet() {
        String url = "jdbc:h2:file:./ids";
        UnsafeLeaseStoreException refused = refusal(Map.of(LeaseStoreRules.H2_WRITE_DELAY_SETTING, "500"), "H2",
                url);

        IdsConfigurationException report = UnsafeStoreReport.of(refused, starters("jdbc"), "lableIdGenerator",
                "ids.lable.generator-id");

        assertThat(report.getMessage()).startsWith("ids.node.provider = jdbc is invalid");
        assertThat(report.getProblem()).contains(url, "write delay", "acknowledges a commit before it writes it");
        assertThat(report.getAction()).contains(";WRITE_DELAY=0", "spring.datasource.url",
                "ids.lable.generator-id, ids.sno.partition, ids.trace-id.node-no");
    }

    @Test
    void aPrivateInMemoryDatabaseFoundInAutoModeNamesTheProviderToSetKnowingly() {
        UnsafeLeaseStoreException refused = refusal(Map.of(), "H2", "jdbc:h2:mem:app");

        IdsConfigurationException report = UnsafeStoreReport.of(refused, starters(null), "snoGenerator",
                "ids.sno.partition");

        assertThat(report.getProblem()).contains("jdbc:h2:mem:app", "private in-memory database");
        assertThat(report.getAction()).contains("ids.node.provider=jdbc", "spring.datasource.url",
                "ids.node.zookeeper.connect-string", "ids.trace-id.node-no");
    }
}
