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

    // This Javadoc is the configuration metadata, which the README's reference repeats word for word.
    /**
     * Where node identities come from when their properties are unset: static (properties and
     * NodeIdentityProvider beans only), jdbc (a lease row in the application's DataSource), r2dbc (the same
     * lease row through the application's R2DBC ConnectionFactory), zookeeper (an ephemeral znode), or the name
     * of another lease store on the class path. Unset or auto: zookeeper when ids.node.zookeeper.connect-string
     * is set, else jdbc when there is a DataSource bean, else r2dbc when there is a ConnectionFactory bean, else
     * static.
     */
    private String provider;

    /**
     * How often a leased identity is checked and, once its lease has ended for good (not renewed in time, its
     * ZooKeeper session expired), claimed again: the same identity, as each generator keeps its own; retries
     * back off up to sixteen times this. The generator refuses IDs until the identity is held again.
     */
    private Duration reclaimPeriod;

    private final Jdbc jdbc = new Jdbc();

    private final ZooKeeper zookeeper = new ZooKeeper();

    public String getProvider() {
        return provider;
    }

    public void setProvider(String provider) {
        this.provider = provider;
    }

    /**
     * Tells whether {@code ids.node.provider} names a store, in any case: chosen so, the store is taken knowingly.
     *
     * @param store the store's name, in lower case
     * @return whether the property is set to it
     */
    public boolean names(String store) {
        return store.equals(LeaseStoreKinds.normalize(provider));
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
