package dev.ids.autoconfigure.node;

import dev.ids.IdScheme;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.IdsProperties;
import dev.ids.clock.IdClock;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.ReclaimingNodeLease;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.util.ClassUtils;

/**
 * The node lease provider the starter uses for node identities whose properties are unset, chosen by
 * {@code ids.node.provider}, and the leases claimed from it, one per generator, all closed when the context closes.
 *
 * <p>The provider: {@code static}, none; {@code jdbc}, a {@link JdbcNodeLeaseProvider} on the application's
 * {@link DataSource} bean configured by {@code ids.node.jdbc.*}; {@code zookeeper}, a
 * {@link dev.ids.zookeeper.ZooKeeperNodeLeaseProvider} configured by {@code ids.node.zookeeper.*}. Unset: a
 * {@link NodeLeaseProvider} bean of the application if there is one, else ZooKeeper when
 * {@code ids.node.zookeeper.connect-string} is set, else JDBC when there is a DataSource bean, else none. A
 * DataSource chosen so that is refused, when a lease is needed, if it is a private in-memory database (H2, HSQLDB or
 * Derby in memory): copies of the application would each lease the same identities from their own database. An
 * embedded H2 file database is refused whatever chose it unless its URL sets {@code WRITE_DELAY=0}: H2's default
 * write delay acknowledges commits before writing them, so a crash loses lease rows that instances rely on.
 *
 * <p>Every generator of a scheme claims in one namespace, the scheme's name ({@code sno}, {@code lable}, ...),
 * whether it is the default generator or a named one: two generators of one scheme with one identity issue the same
 * IDs, so they must not both hold it, in one instance or in two.
 *
 * <p>Each lease is a {@link ReclaimingNodeLease}: when it ends for good (not renewed in time, the ZooKeeper session
 * expired, the row taken over), the generator refuses IDs and health turns DOWN, and the same identity is claimed
 * again every {@code ids.node.reclaim-period} (backing off) until that succeeds; then the generator issues IDs
 * again, without a restart. The same identity, because the generator bean keeps its identity for its life.
 */
public final class NodeLeases implements DisposableBean {

    /** Where the lease provider came from, which decides whether muid medallions are leased too. */
    private enum Origin { NONE, AUTO, EXPLICIT }

    private static final Log logger = LogFactory.getLog(NodeLeases.class);

    private static final String CURATOR = "org.apache.curator.framework.CuratorFramework";

    /** The properties that set the identities leased in auto mode, each preceded by ", ". */
    private static final String IDENTITY_PROPERTIES = ", ids.sno.partition, ids.lable.generator-id, "
            + "ids.trace-id.node-no";

    private final NodeLeaseProvider provider;

    private final boolean zookeeper;

    private final boolean ownsProvider;

    private final Origin origin;

    private final String description;

    /** The DataSource of the jdbc provider, named by its URL when the first lease is claimed; else null. */
    private DataSource dataSource;

    private final Map<String, LeasedIdentity> leases = new ConcurrentSkipListMap<>();

    private volatile boolean announced;

    private Duration reclaimPeriod = ReclaimingNodeLease.DEFAULT_CHECK_PERIOD;

    private NodeLeases(NodeLeaseProvider provider, boolean zookeeper, boolean ownsProvider, Origin origin,
            String description) {
        this.provider = provider;
        this.zookeeper = zookeeper;
        this.ownsProvider = ownsProvider;
        this.origin = origin;
        this.description = description;
    }

    /**
     * Chooses the lease provider from the settings and what the application has.
     *
     * @param settings the {@code ids.node} group
     * @param dataSource the application's DataSource, or {@code null}
     * @param applicationProvider a {@link NodeLeaseProvider} bean of the application, or {@code null}
     * @param classLoader for finding Curator
     * @return the leases, with or without a provider
     * @throws IdsConfigurationException when the chosen provider cannot be made, naming the property to change
     */
    public static NodeLeases create(IdsProperties.Node settings, DataSource dataSource,
            NodeLeaseProvider applicationProvider, ClassLoader classLoader) {
        Duration reclaimPeriod = settings.getReclaimPeriod();
        if (reclaimPeriod != null && (reclaimPeriod.toMillis() < 1
                || reclaimPeriod.compareTo(ReclaimingNodeLease.MAX_RETRY_PERIOD) > 0)) {
            throw new IdsConfigurationException("ids.node.reclaim-period", reclaimPeriod, "the period must be from "
                    + "1ms to " + ReclaimingNodeLease.MAX_RETRY_PERIOD.toSeconds() + "s",
                    "Set ids.node.reclaim-period within that range, or remove it to use the default (1s).");
        }
        NodeLeases leases = choose(settings, dataSource, applicationProvider, classLoader);
        if (reclaimPeriod != null) {
            leases.reclaimPeriod = reclaimPeriod;
        }
        return leases;
    }

    private static NodeLeases choose(IdsProperties.Node settings, DataSource dataSource,
            NodeLeaseProvider applicationProvider, ClassLoader classLoader) {
        IdsProperties.NodeProvider kind = settings.getProvider();
        boolean curator = ClassUtils.isPresent(CURATOR, classLoader);
        String connectString = settings.getZookeeper().getConnectString();
        if (kind == IdsProperties.NodeProvider.STATIC) {
            return none();
        }
        if (kind == null) {
            if (applicationProvider != null) {
                return new NodeLeases(applicationProvider, false, false, Origin.EXPLICIT,
                        "the application's NodeLeaseProvider " + applicationProvider);
            }
            if (connectString != null && !connectString.isBlank()) {
                if (!curator) {
                    throw new IdsConfigurationException("ids.node.zookeeper.connect-string", connectString,
                            "leasing node identities from ZooKeeper needs Apache Curator, which is not on the "
                            + "class path", "Add org.apache.curator:curator-framework to the application, or "
                            + "remove ids.node.zookeeper.connect-string.");
                }
                return zookeeper(settings, Origin.AUTO);
            }
            return dataSource != null ? jdbc(settings, dataSource, Origin.AUTO) : none();
        }
        if (kind == IdsProperties.NodeProvider.JDBC) {
            if (dataSource == null) {
                throw new IdsConfigurationException("ids.node.provider", "jdbc", "the jdbc node lease provider "
                        + "keeps its leases in the application's DataSource, and there is no (single) DataSource bean",
                        "Configure a DataSource (for example spring-boot-starter-jdbc and spring.datasource.url), "
                        + "or set ids.node.provider to zookeeper or static.");
            }
            return jdbc(settings, dataSource, Origin.EXPLICIT);
        }
        if (connectString == null || connectString.isBlank()) {
            throw new IdsConfigurationException("ids.node.zookeeper.connect-string", null, "ids.node.provider is "
                    + "zookeeper, which needs the ZooKeeper ensemble to connect to",
                    "Set ids.node.zookeeper.connect-string (for example zk1:2181,zk2:2181,zk3:2181), or set "
                    + "ids.node.provider to jdbc or static.");
        }
        if (!curator) {
            throw new IdsConfigurationException("ids.node.provider", "zookeeper", "leasing node identities from "
                    + "ZooKeeper needs Apache Curator, which is not on the class path",
                    "Add org.apache.curator:curator-framework to the application, or set ids.node.provider to jdbc "
                    + "or static.");
        }
        return zookeeper(settings, Origin.EXPLICIT);
    }

    private static NodeLeases none() {
        return new NodeLeases(null, false, false, Origin.NONE, "none");
    }

    private static NodeLeases jdbc(IdsProperties.Node settings, DataSource dataSource, Origin origin) {
        IdsProperties.Jdbc jdbc = settings.getJdbc();
        // The provider takes connections from the pool itself and runs each statement in auto-commit: never
        // inside the caller's transaction, which could roll a claim back or hold a renewal.
        JdbcNodeLeaseProvider.Builder builder = JdbcNodeLeaseProvider.builder(dataSource);
        apply("ids.node.jdbc.table-name", jdbc.getTableName(), builder::tableName);
        apply("ids.node.jdbc.create-table", jdbc.getCreateTable(), builder::createTable);
        apply("ids.node.jdbc.lease-length", jdbc.getLeaseLength(), builder::leaseLength);
        apply("ids.node.jdbc.renewal-period", jdbc.getRenewalPeriod(), builder::renewalPeriod);
        apply("ids.node.jdbc.reclaim-grace", jdbc.getReclaimGrace(), builder::reclaimGrace);
        JdbcNodeLeaseProvider provider;
        try {
            provider = builder.build();
        } catch (IllegalArgumentException ex) {
            throw new IdsConfigurationException("ids.node.jdbc.renewal-period", jdbc.getRenewalPeriod(),
                    ex.getMessage(), "Make ids.node.jdbc.renewal-period shorter than ids.node.jdbc.lease-length, "
                    + "or remove it to renew every third of the lease length.");
        }
        NodeLeases leases = new NodeLeases(provider, false, false, origin, "jdbc (table " + provider.tableName()
                + " in the " + dataSource.getClass().getSimpleName() + " DataSource, lease " + provider.leaseLength()
                + ", renewal " + provider.renewalPeriod() + ", grace " + provider.reclaimGrace() + ")");
        leases.dataSource = dataSource;
        return leases;
    }

    private static NodeLeases zookeeper(IdsProperties.Node settings, Origin origin) {
        NodeLeaseProvider provider = ZooKeeperLeases.create(settings.getZookeeper());
        return new NodeLeases(provider, true, true, origin,
                ZooKeeperLeases.describe(provider, settings.getZookeeper()));
    }

    static <T> void apply(String property, T value, Consumer<T> setter) {
        if (value == null) {
            return;
        }
        try {
            setter.accept(value);
        } catch (IllegalArgumentException ex) {
            throw new IdsConfigurationException(property, value, ex.getMessage(),
                    "Change " + property + " to an allowed value, or remove it to use the default.");
        }
    }

    /** The provider the leases come from, or {@code null}; for tests. */
    NodeLeaseProvider provider() {
        return provider;
    }

    /**
     * Tells whether a lease provider is in use.
     *
     * @return {@code true} unless {@code ids.node.provider} is static or nothing to lease from was found
     */
    public boolean isActive() {
        return provider != null;
    }

    /**
     * Tells whether a scheme's identities are leased when their properties are unset. Muid medallions are leased
     * only when the provider was chosen explicitly ({@code ids.node.provider} or a provider bean); otherwise a muid
     * generator keeps the random medallion the muid specification prescribes.
     *
     * @param scheme the scheme
     * @return whether to claim a lease for it
     */
    public boolean leases(IdScheme scheme) {
        return switch (scheme) {
            case GID -> false;
            case MUID -> origin == Origin.EXPLICIT;
            default -> origin != Origin.NONE;
        };
    }

    /**
     * Names the kind of store the leases are kept in, for the {@code ids} endpoint.
     *
     * @return {@code jdbc} for a {@link JdbcNodeLeaseProvider} (the starter's or the application's), {@code zookeeper}
     *     for the starter's ZooKeeper provider, {@code lease} for another provider of the application's, or
     *     {@code none}
     */
    public String kind() {
        if (provider == null) {
            return "none";
        }
        return zookeeper ? "zookeeper" : provider instanceof JdbcNodeLeaseProvider ? "jdbc" : "lease";
    }

    /**
     * Reads the lease store in every namespace this application holds identities in, for the {@code ids} endpoint:
     * its own leases and those of every other instance in the same namespaces, released ones included for their
     * marks: the JDBC lease table's rows, or the identities of ZooKeeper's pools.
     *
     * @return the identities, by namespace then identity; empty unless the provider is a
     *     {@link JdbcNodeLeaseProvider} or the starter's ZooKeeper provider
     * @throws IllegalStateException naming the table or znode when the store cannot be read
     */
    public List<StoredLease> leaseRows() {
        List<String> namespaces = leases.values().stream().map(LeasedIdentity::namespace).distinct().sorted()
                .toList();
        List<StoredLease> rows = new ArrayList<>();
        if (provider instanceof JdbcNodeLeaseProvider jdbc) {
            for (String namespace : namespaces) {
                for (JdbcNodeLeaseProvider.LeaseRow row : jdbc.rows(namespace)) {
                    rows.add(new StoredLease(row.namespace(), row.identity(), row.holder(),
                            row.leaseHolder().id().equals(jdbc.holderId()), row.expiresAtMillis() == 0,
                            row.expiresAtMillis(), row.highWaterMarkMillis()));
                }
            }
        } else if (zookeeper) {
            namespaces.forEach(namespace -> rows.addAll(ZooKeeperLeases.rows(provider, namespace)));
        }
        return rows;
    }

    /**
     * Describes the provider, for logs, health and failure reports.
     *
     * @return for example {@code jdbc (table ids_node_lease in DataSource ...)}, or {@code none}
     */
    public String description() {
        return description;
    }

    /**
     * Claims the node identity of one generator, kept until the context closes.
     *
     * @param generatorName the generator's bean name
     * @param property the property that would set the identity instead, named in failures
     * @param claim the namespace and range
     * @return the identity held
     * @throws IdsConfigurationException when no identity can be claimed
     */
    public LeasedIdentity claim(String generatorName, String property, NodeClaim claim) {
        if (provider == null) {
            throw new IllegalStateException("No node lease provider is in use");
        }
        IdsConfigurationException refusal = checkStore(generatorName, property);
        if (refusal != null) {
            throw refusal;
        }
        NodeLease lease;
        try {
            lease = ReclaimingNodeLease.claim(provider, claim, IdClock.system(), reclaimPeriod);
        } catch (IllegalStateException | IllegalArgumentException ex) {
            throw new IdsConfigurationException(property, null, "the generator '" + generatorName + "' needs a "
                    + "node identity from " + claim.min() + " to " + claim.max() + " in namespace '"
                    + claim.namespace() + "', and the node lease provider " + description + " could not lease one: "
                    + ex.getMessage(), "Make the lease store reachable or free an identity (stop an instance), or "
                    + "set " + property + " to an identity no other instance uses, or set ids.node.provider.");
        }
        return hold(generatorName, property, claim, lease, "leased");
    }

    /**
     * Claims a configured node identity in the lease store, like a lease of that one identity (fenced and claimed
     * again the same way), so that no leasing instance takes it and a second instance configured with it fails.
     * A store that instances cannot share safely (a private in-memory database found in auto mode, an H2 file that
     * loses acknowledged commits) is left alone, and the configured identity is used as before.
     *
     * @param generatorName the generator's bean name
     * @param property the property that set the identity, named in failures
     * @param namespace the scheme's namespace
     * @param identity the configured identity
     * @return the identity held, or {@code null} when the store is left alone
     * @throws IdsConfigurationException when another instance holds the identity or the store cannot be reached
     */
    public LeasedIdentity claimConfigured(String generatorName, String property, String namespace, long identity) {
        if (provider == null) {
            throw new IllegalStateException("No node lease provider is in use");
        }
        IdsConfigurationException refusal = checkStore(generatorName, property);
        if (refusal != null) {
            // Leasing instances are refused on this store, so none can take the configured identity from here.
            logger.debug("The configured " + property + " = " + identity + " is not claimed in the lease store: "
                    + refusal.getProblem());
            return null;
        }
        NodeClaim claim = new NodeClaim(namespace, identity, identity);
        NodeLease lease;
        try {
            lease = ReclaimingNodeLease.claim(provider, claim, IdClock.system(), reclaimPeriod);
        } catch (NoFreeNodeIdentityException ex) {
            throw new IdsConfigurationException(property, identity, "the generator '" + generatorName + "' is "
                    + "configured with node identity " + identity + ", and " + heldBy(namespace, identity)
                    + " holds it in namespace '" + namespace + "' of the node lease provider " + description
                    + "; two instances with one identity issue the same IDs", "Set " + property + " to an identity "
                    + "no other instance uses, or remove it to lease a free one, or stop the instance that holds "
                    + identity + ".");
        } catch (IllegalStateException | IllegalArgumentException ex) {
            throw new IdsConfigurationException(property, identity, "the generator '" + generatorName + "' is "
                    + "configured with node identity " + identity + ", which must be held in the node lease store "
                    + description + " so that no leasing instance takes it, and the claim failed: "
                    + ex.getMessage(), "Make the lease store reachable, or set ids.node.provider=static if no "
                    + "instance leases identities from it.");
        }
        return hold(generatorName, property, claim, lease, "configured, held");
    }

    /** Refuses a store the instances cannot share safely, the first time; afterwards, and on a good store, null. */
    private IdsConfigurationException checkStore(String generatorName, String property) {
        if (announced) {
            return null;
        }
        Store store = store();
        String url = store.url();
        if (origin == Origin.AUTO && isPrivateInMemory(url)) {
            return new IdsConfigurationException("ids.node.provider", null, "the generator '" + generatorName
                    + "' needs a node identity, and the only lease store found is the DataSource at " + url
                    + ", a private in-memory database: every copy of the application would lease the same "
                    + "identities from its own database and issue the same IDs",
                    "Set ids.node.provider=jdbc to lease from it knowingly (a single instance, a test), or "
                    + "point spring.datasource.url at a database the instances share, or set "
                    + "ids.node.zookeeper.connect-string, or set the identity properties (" + property
                    + IDENTITY_PROPERTIES.replace(", " + property, "") + ") to values no other instance uses.");
        }
        if (store.losesAcknowledgedCommits()) {
            return new IdsConfigurationException("ids.node.provider", origin == Origin.AUTO ? null : "jdbc",
                    "the generator '" + generatorName + "' needs a node identity, and the lease store is the "
                    + "DataSource at " + url + ", an embedded H2 file database with a write delay (H2's "
                    + "default, unless the URL sets WRITE_DELAY=0): H2 acknowledges a commit before it writes it, "
                    + "so when the process that has the file open dies, leases that other instances hold and the "
                    + "marks that keep a restarted instance above its last IDs can vanish, and the same "
                    + "identities would be leased again and issue the same IDs",
                    "Add ;WRITE_DELAY=0 to the DataSource's URL (spring.datasource.url) so that H2 writes each "
                    + "commit before acknowledging it, or keep the leases in a database server or in ZooKeeper "
                    + "(ids.node.provider=zookeeper and ids.node.zookeeper.connect-string), or set "
                    + "ids.node.provider=static and the identity properties (" + property
                    + IDENTITY_PROPERTIES.replace(", " + property, "") + ") to values no other instance uses.");
        }
        announced = true;
        warnIfPoolCanStarveRenewals();
        logger.info("ID generators lease their node identities from " + description
                + (url == null ? "" : " at " + url)
                + (origin == Origin.AUTO ? "; chosen because ids.node.provider is unset (set it to static, "
                + "jdbc or zookeeper to choose)" : ""));
        return null;
    }

    private LeasedIdentity hold(String generatorName, String property, NodeClaim claim, NodeLease lease,
            String how) {
        LeasedIdentity leased = new LeasedIdentity(generatorName, property, claim.namespace(), lease, description,
                kind());
        LeasedIdentity previous = leases.put(generatorName, leased);
        if (previous != null) {
            previous.lease().close();
        }
        logger.info("ID generator '" + generatorName + "' holds node identity " + lease.identity() + " ("
                + property + ") " + how + " in namespace '" + claim.namespace() + "'");
        return leased;
    }

    /**
     * Who holds an identity, as far as the store tells: the JDBC lease row's holder (its host and process), else
     * "another instance".
     */
    private String heldBy(String namespace, long identity) {
        if (!(provider instanceof JdbcNodeLeaseProvider jdbc)) {
            return "another instance";
        }
        try {
            return jdbc.rows(namespace).stream().filter(row -> row.identity() == identity).findFirst()
                    .map(row -> "the instance '" + row.holder() + "'").orElse("another instance");
        } catch (RuntimeException ex) {
            return "another instance"; // the failure names the property and the number either way
        }
    }

    /** The database the jdbc provider uses ({@code url} null when there is none or it cannot be reached). */
    private record Store(String url, boolean losesAcknowledgedCommits) {
    }

    /** The database the jdbc provider uses, looked at once when the first lease is claimed. */
    private Store store() {
        if (dataSource == null) {
            return new Store(null, false);
        }
        try (java.sql.Connection connection = dataSource.getConnection()) {
            String url = connection.getMetaData().getURL();
            return new Store(url, isEmbeddedH2File(url) && delaysWrites(connection));
        } catch (java.sql.SQLException | RuntimeException ex) {
            return new Store(null, false); // the claim that follows reports what is wrong with the database
        }
    }

    /**
     * Renewals take their connections from the application's pool: when the pool is exhausted, a renewal waits up to
     * the pool's connection timeout, and if that is not shorter than the time between a renewal and the lease's
     * expiry, every lease lapses and every leased generator refuses IDs at the application's peak load. Only Hikari
     * (Spring Boot's default pool) tells its timeout in a known way; it is read reflectively, as Hikari is optional.
     */
    private void warnIfPoolCanStarveRenewals() {
        if (dataSource == null || !(provider instanceof JdbcNodeLeaseProvider jdbc)) {
            return;
        }
        long timeoutMillis;
        try {
            Object timeout = dataSource.getClass().getMethod("getConnectionTimeout").invoke(dataSource);
            if (!(timeout instanceof Long millis)) {
                return;
            }
            timeoutMillis = millis;
        } catch (ReflectiveOperationException | RuntimeException ex) {
            return; // a pool that does not tell its timeout so
        }
        long windowMillis = jdbc.leaseLength().minus(jdbc.renewalPeriod()).toMillis();
        if (timeoutMillis >= windowMillis) {
            logger.warn("The node leases share the application's connection pool (" + dataSource.getClass()
                    .getSimpleName() + "), whose connection timeout (" + timeoutMillis + " ms) is not shorter than "
                    + "the " + windowMillis + " ms between a lease's renewal and its expiry (ids.node.jdbc.lease-length "
                    + jdbc.leaseLength() + " minus ids.node.jdbc.renewal-period " + jdbc.renewalPeriod() + "): if the "
                    + "application exhausts the pool, the renewals wait for a connection, the leases lapse and every "
                    + "leased generator refuses IDs. Set the pool's connection timeout (spring.datasource.hikari."
                    + "connection-timeout) below " + windowMillis + " ms, lengthen ids.node.jdbc.lease-length, or give "
                    + "the leases a DataSource of their own with a NodeLeaseProvider bean "
                    + "(JdbcNodeLeaseProvider.builder(dataSource).build()).");
        }
    }

    /**
     * Tells whether a JDBC URL names an in-memory database that only this process can reach (H2 {@code mem:},
     * HSQLDB {@code mem:}, Derby {@code memory:}); an H2 in-memory database served over TCP is shared, so not one.
     */
    static boolean isPrivateInMemory(String url) {
        if (url == null) {
            return false;
        }
        String lower = url.toLowerCase(java.util.Locale.ROOT);
        return lower.startsWith("jdbc:h2:mem:") || lower.startsWith("jdbc:hsqldb:mem:")
                || lower.startsWith("jdbc:derby:memory:");
    }

    /**
     * Tells whether a JDBC URL names an embedded H2 database in a file ({@code jdbc:h2:file:} or a bare path, also
     * with {@code AUTO_SERVER}, whose copies reach the file through the process that opened it). H2 served over TCP
     * or SSL writes as its server is configured, and in-memory databases are judged by {@link #isPrivateInMemory},
     * so neither is one.
     */
    static boolean isEmbeddedH2File(String url) {
        if (url == null || !url.regionMatches(true, 0, "jdbc:h2:", 0, 8)) {
            return false;
        }
        String database = url.substring(8).toLowerCase(java.util.Locale.ROOT);
        return !(database.startsWith("tcp:") || database.startsWith("ssl:") || database.startsWith("mem:"));
    }

    /**
     * Tells whether an H2 database acknowledges commits before writing them: its {@code WRITE_DELAY} (500 ms unless
     * the URL of the process that opened the file set it to 0) is read from the database itself, as the URL the driver
     * reports leaves the settings out, and a copy that reaches the file through {@code AUTO_SERVER} writes as the
     * process serving it does. A database that does not tell counts as delaying.
     */
    private static boolean delaysWrites(java.sql.Connection connection) {
        try (java.sql.Statement statement = connection.createStatement();
                java.sql.ResultSet settings = statement.executeQuery("SELECT SETTING_VALUE FROM "
                        + "INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'WRITE_DELAY'")) {
            boolean told = false;
            while (settings.next()) {
                told = true;
                if (!"0".equals(String.valueOf(settings.getString(1)).trim())) {
                    return true;
                }
            }
            return !told;
        } catch (java.sql.SQLException ex) {
            return true;
        }
    }

    /**
     * Reads the cluster id kept with a namespace's leases, where the provider keeps one (ZooKeeper:
     * {@code <root>/cluster-id} for Lable, as Lable's own module does).
     *
     * @param namespace the namespace
     * @return the cluster id, or empty when the provider keeps none
     */
    public OptionalLong clusterId(String namespace) {
        return zookeeper ? OptionalLong.of(ZooKeeperLeases.clusterId(provider, namespace)) : OptionalLong.empty();
    }

    /**
     * Returns the identities leased so far, by generator name.
     *
     * @return the leased identities
     */
    public Collection<LeasedIdentity> leased() {
        return Collections.unmodifiableCollection(leases.values());
    }

    /** Closes every lease (releasing the identities at once), then the provider if the starter made it. */
    @Override
    public void destroy() {
        List<LeasedIdentity> all = new ArrayList<>(leases.values());
        leases.clear();
        for (LeasedIdentity leased : all) {
            try {
                leased.lease().close();
            } catch (RuntimeException ex) {
                logger.warn("Cannot release the node identity of '" + leased.generatorName() + "'; it becomes free "
                        + "when its lease expires", ex);
            }
        }
        if (ownsProvider && zookeeper) {
            ZooKeeperLeases.close(provider);
        }
    }
}
