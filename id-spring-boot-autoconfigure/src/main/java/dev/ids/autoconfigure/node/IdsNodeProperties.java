package dev.ids.autoconfigure.node;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the node identities left unset come from, under {@code ids.node}: a lease from a shared store, claimed per
 * generator. Kept apart from {@link dev.ids.autoconfigure.IdsProperties}, which configures the generators, because
 * the lease providers and their conditions read only this group.
 */
@ConfigurationProperties("ids.node")
public class IdsNodeProperties {

    // This Javadoc is the configuration metadata, which the README's reference repeats word for word; AUTO, the same
    // as unset, is documented on the constant so that the description users see does not change.
    /**
     * Where node identities come from when their properties are unset: STATIC (properties and
     * NodeIdentityProvider beans only), JDBC (a lease row in the application's DataSource), R2DBC (the same
     * lease row through the application's R2DBC ConnectionFactory) or ZOOKEEPER (an ephemeral znode). Unset:
     * ZOOKEEPER when ids.node.zookeeper.connect-string is set, else JDBC when there is a DataSource bean, else
     * R2DBC when there is a ConnectionFactory bean, else STATIC.
     */
    private Provider provider;

    /**
     * How often a leased identity is checked and, once its lease has ended for good (not renewed in time, its
     * ZooKeeper session expired), claimed again: the same identity, as each generator keeps its own; retries
     * back off up to sixteen times this. The generator refuses IDs until the identity is held again.
     */
    private Duration reclaimPeriod;

    private final Jdbc jdbc = new Jdbc();

    private final ZooKeeper zookeeper = new ZooKeeper();

    public Provider getProvider() {
        return provider;
    }

    public void setProvider(Provider provider) {
        this.provider = provider;
    }

    public Duration getReclaimPeriod() {
        return reclaimPeriod;
    }

    public void setReclaimPeriod(Duration reclaimPeriod) {
        this.reclaimPeriod = reclaimPeriod;
    }

    public Jdbc getJdbc() {
        return jdbc;
    }

    public ZooKeeper getZookeeper() {
        return zookeeper;
    }

    /** The sources of node identities, for {@code ids.node.provider}. */
    public enum Provider {

        /** Node identities from properties and NodeIdentityProvider beans only; unset ones fail the start-up. */
        STATIC,

        /** Node identities leased from a table in the application's DataSource. */
        JDBC,

        /**
         * Node identities leased from the JDBC lease table through the application's R2DBC ConnectionFactory, with
         * the {@code ids.node.jdbc.*} settings.
         */
        R2DBC,

        /** Node identities leased as ephemeral znodes in ZooKeeper (needs curator-framework). */
        ZOOKEEPER,

        /** Chosen from what the application has, as when {@code ids.node.provider} is unset. */
        AUTO
    }

    /** Settings of the JDBC node lease provider, which the R2DBC one shares: both keep the same table. */
    public static class Jdbc {

        /** Name of the lease table, an unquoted SQL identifier, optionally qualified by a schema. */
        private String tableName;

        /**
         * Whether the first claim creates the lease table if it does not exist; turn off when Flyway or Liquibase
         * creates it from META-INF/ids/ids-node-lease.sql.
         */
        private Boolean createTable;

        /**
         * How long a lease lasts without renewal: an instance that cannot renew (paused, cut off from the
         * database) stops issuing IDs this long after its last renewal started.
         */
        private Duration leaseLength;

        /** How often a lease is renewed. Unset: a third of the lease length. */
        private Duration renewalPeriod;

        /**
         * How long after a lease expires (on the database's clock) before another instance may take its identity; an
         * instance whose wall clock differs from the database's by more than this is fenced until it agrees again.
         */
        private Duration reclaimGrace;

        public String getTableName() {
            return tableName;
        }

        public void setTableName(String tableName) {
            this.tableName = tableName;
        }

        public Boolean getCreateTable() {
            return createTable;
        }

        public void setCreateTable(Boolean createTable) {
            this.createTable = createTable;
        }

        public Duration getLeaseLength() {
            return leaseLength;
        }

        public void setLeaseLength(Duration leaseLength) {
            this.leaseLength = leaseLength;
        }

        public Duration getRenewalPeriod() {
            return renewalPeriod;
        }

        public void setRenewalPeriod(Duration renewalPeriod) {
            this.renewalPeriod = renewalPeriod;
        }

        public Duration getReclaimGrace() {
            return reclaimGrace;
        }

        public void setReclaimGrace(Duration reclaimGrace) {
            this.reclaimGrace = reclaimGrace;
        }
    }

    /** Settings of the ZooKeeper node lease provider. */
    public static class ZooKeeper {

        /** ZooKeeper ensemble to lease node identities from, for example zk1:2181,zk2:2181,zk3:2181. */
        private String connectString;

        /**
         * Root znode of the leases; Lable generator ids use Lable's own layout under it (pool/<id>, cluster-id).
         */
        private String rootPath;

        /**
         * Session timeout asked of the server: an identity of a crashed instance is free this long after it
         * vanished, and a pause or network hiccup of this length loses the lease.
         */
        private Duration sessionTimeout;

        /**
         * How long a ZooKeeper operation waits for a connection, and for its answer: a server that hangs fails each
         * call after this long.
         */
        private Duration connectionTimeout;

        public String getConnectString() {
            return connectString;
        }

        public void setConnectString(String connectString) {
            this.connectString = connectString;
        }

        public String getRootPath() {
            return rootPath;
        }

        public void setRootPath(String rootPath) {
            this.rootPath = rootPath;
        }

        public Duration getSessionTimeout() {
            return sessionTimeout;
        }

        public void setSessionTimeout(Duration sessionTimeout) {
            this.sessionTimeout = sessionTimeout;
        }

        public Duration getConnectionTimeout() {
            return connectionTimeout;
        }

        public void setConnectionTimeout(Duration connectionTimeout) {
            this.connectionTimeout = connectionTimeout;
        }
    }
}
