package dev.ids.node.jdbc;

import dev.ids.node.IdentityTakeOver;
import dev.ids.node.NodeLease;
import dev.ids.node.Renewal;
import dev.ids.testing.IdentityTakeOverContract;
import dev.ids.testing.LeaseTerms;
import dev.ids.testing.TestDatabase;

/**
 * The take-over of a killed run's configured identity ({@link IdentityTakeOverContract}) on the JDBC store over H2,
 * with the database's clock, in one process (singleProcess); each test's namespace is its own, so the key prefix is not
 * needed.
 */
class H2JdbcIdentityTakeOverTest extends IdentityTakeOverContract {

    private static final String TABLE = "ids_jdbc_takeover_test";

    private final TestDataSource dataSource = new TestDataSource(TestDatabase.H2, getClass().getSimpleName());

    @Override
    protected IdentityTakeOver newProvider(String keyPrefix, LeaseTerms terms) {
        return terms.applyTo(JdbcNodeLeaseProvider.builder(dataSource).singleProcess(true).tableName(TABLE)).build();
    }

    @Override
    protected Renewal renewOnce(NodeLease lease) {
        return ((JdbcNodeLease) lease).renew();
    }
}
