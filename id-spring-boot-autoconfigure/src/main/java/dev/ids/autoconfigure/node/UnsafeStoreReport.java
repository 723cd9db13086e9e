package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.sql.LeaseStoreRules;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * Words a lease store's refusal of its database ({@link UnsafeLeaseStoreException}, judged by the store itself, see
 * {@link dev.ids.node.sql.LeaseStoreRules}) for the start-up failure report: the problem as the store tells it, and
 * what to do in the starter's terms, naming {@code ids.node.provider}, the URL property and the identity properties.
 * The starter builds its own provider with {@code singleProcess(true)} when {@code ids.node.provider} names it, so a
 * private in-memory database reaches this report only in auto mode, or through a provider of the application's.
 */
final class UnsafeStoreReport {

    /** The properties that set the identities leased in auto mode, each preceded by ", ". */
    private static final String IDENTITY_PROPERTIES = ", ids.sno.partition, ids.lable.generator-id, "
            + "ids.trace-id.node-no";

    private UnsafeStoreReport() {
    }

    /**
     * Turns the store's refusal into the starter's.
     *
     * @param refused the store's refusal
     * @param chosen the provider and where it came from
     * @param generatorName the generator that needs an identity, named in the report
     * @param property the property that would set its identity instead
     * @return the failure to start with
     */
    static IdsConfigurationException of(UnsafeLeaseStoreException refused, ChosenLeaseProvider chosen,
            String generatorName, String property) {
        boolean r2dbc = chosen.kind().equals("r2dbc");
        String url = r2dbc ? "the ConnectionFactory's URL" : "the DataSource's URL (spring.datasource.url)";
        String identities = identityProperties(property);
        String problem = "the generator '" + generatorName + "' needs a node identity, and " + refused.problem();
        String value = chosen.isAuto() ? null : chosen.setting();
        String action = switch (refused.reason()) {
            case PRIVATE_IN_MEMORY -> chosen.isAuto()
                    ? "Set ids.node.provider=" + chosen.kind() + " to lease from it knowingly (a single instance, "
                    + "a test), or point " + (r2dbc ? "the ConnectionFactory" : "spring.datasource.url") + " at a "
                    + "database the instances share, or set ids.node.zookeeper.connect-string, or set the identity "
                    + "properties (" + identities + ") to values no other instance uses."
                    : "Build the application's NodeLeaseProvider with singleProcess(true) to lease from it knowingly "
                    + "(a single instance, a test), or point it at a database the instances share, or set "
                    + "ids.node.provider=static and the identity properties (" + identities + ") to values no "
                    + "other instance uses.";
            case H2_WRITE_DELAY -> "Add ;WRITE_DELAY=0 to " + url + " so that H2 writes each commit before "
                    + "acknowledging it, or keep the leases in a database server or in ZooKeeper "
                    + "(ids.node.provider=zookeeper and ids.node.zookeeper.connect-string), or set "
                    + "ids.node.provider=static and the identity properties (" + identities + ") to values no other "
                    + "instance uses.";
            case LAZY_LOG_FLUSH -> "Set innodb_flush_log_at_trx_commit to 1 on the database server (SET GLOBAL and "
                    + "its configuration file; 2 also survives a crash of the server, though not of its host), or "
                    + "keep the leases in another database or in ZooKeeper (ids.node.provider=zookeeper and "
                    + "ids.node.zookeeper.connect-string), or set ids.node.provider=static and the identity "
                    + "properties (" + identities + ") to values no other instance uses.";
        };
        return new IdsConfigurationException("ids.node.provider", value, problem, action);
    }

    /** The properties that set the identities leased in auto mode, the given one first. */
    static String identityProperties(String property) {
        return property + IDENTITY_PROPERTIES.replace(", " + property, "");
    }

    /**
     * The URL of the starter's JDBC store, for the log line that names the store once the first lease is held.
     *
     * @param dataSource the starter's DataSource, or {@code null}
     * @return the URL as the driver reports it, its password masked; {@code null} without a DataSource or when it
     *     cannot be read
     */
    static @Nullable String url(@Nullable DataSource dataSource) {
        if (dataSource == null) {
            return null;
        }
        try (Connection connection = dataSource.getConnection()) {
            String url = connection.getMetaData().getURL();
            return url == null ? null : LeaseStoreRules.shownUrl(url);
        } catch (SQLException | RuntimeException ex) {
            return null;
        }
    }
}
