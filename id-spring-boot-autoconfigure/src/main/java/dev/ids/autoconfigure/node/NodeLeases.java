package dev.ids.autoconfigure.node;

import dev.ids.IdScheme;
import dev.ids.autoconfigure.IdsConfigurationException;
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
import java.util.concurrent.ConcurrentSkipListMap;
import javax.sql.DataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * The leases of the starter's generators, one per generator, claimed from the {@link NodeLeaseProvider} bean that
 * {@link NodeLeaseConfiguration} found or made, and all closed when the context closes. Which provider that is, is
 * decided by conditions ({@code ids.node.provider}, see {@link IdsNodeProperties}); here it is only used. A store the
 * starter chose on its own is checked before the first lease ({@link LeaseStoreRules}).
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

    private final NodeLeaseProvider provider;

    private final Origin origin;

    private final String kind;

    private final String description;

    /** The database of the starter's JDBC provider, checked when the first lease is claimed; else null. */
    private final DataSource dataSource;

    private final Duration reclaimPeriod;

    private final Map<String, LeasedIdentity> leases = new ConcurrentSkipListMap<>();

    private volatile boolean announced;

    private NodeLeases(NodeLeaseProvider provider, Origin origin, String kind, String description,
            DataSource dataSource, Duration reclaimPeriod) {
        this.provider = provider;
        this.origin = origin;
        this.kind = kind;
        this.description = description;
        this.dataSource = dataSource;
        this.reclaimPeriod = reclaimPeriod;
    }

    /**
     * Takes the lease provider the conditions chose.
     *
     * @param settings the {@code ids.node} group
     * @param provider the {@link NodeLeaseProvider} bean, the starter's or the application's; {@code null} if none
     * @param starterStore the starter's description of its own provider, {@code null} when the provider is the
     *     application's (or there is none)
     * @return the leases, with or without a provider
     * @throws IdsConfigurationException when {@code ids.node.reclaim-period} is out of range
     */
    public static NodeLeases create(IdsNodeProperties settings, NodeLeaseProvider provider,
            StarterLeaseStore starterStore) {
        Duration reclaimPeriod = settings.getReclaimPeriod();
        if (reclaimPeriod != null && (reclaimPeriod.toMillis() < 1
                || reclaimPeriod.compareTo(ReclaimingNodeLease.MAX_RETRY_PERIOD) > 0)) {
            throw new IdsConfigurationException("ids.node.reclaim-period", reclaimPeriod, "the period must be from "
                    + "1ms to " + ReclaimingNodeLease.MAX_RETRY_PERIOD.toSeconds() + "s",
                    "Set ids.node.reclaim-period within that range, or remove it to use the default (1s).");
        }
        Duration period = reclaimPeriod != null ? reclaimPeriod : ReclaimingNodeLease.DEFAULT_CHECK_PERIOD;
        IdsNodeProperties.Provider chosen = settings.getProvider();
        if (chosen == IdsNodeProperties.Provider.STATIC || provider == null) {
            return new NodeLeases(null, Origin.NONE, "none", "none", null, period);
        }
        if (starterStore == null) {
            return new NodeLeases(provider, Origin.EXPLICIT, provider instanceof JdbcNodeLeaseProvider ? "jdbc"
                    : "lease", "the application's NodeLeaseProvider " + provider, null, period);
        }
        boolean auto = chosen == null || chosen == IdsNodeProperties.Provider.AUTO;
        return new NodeLeases(provider, auto ? Origin.AUTO : Origin.EXPLICIT, starterStore.kind(),
                starterStore.description(), starterStore.dataSource(), period);
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
        return kind;
    }

    /**
     * Reads the rows of the JDBC lease table in every namespace this application holds identities in, for the
     * {@code ids} endpoint: its own leases and those of every other instance in the same namespaces.
     *
     * @return the rows, by namespace then identity; empty unless the provider is a {@link JdbcNodeLeaseProvider}
     * @throws IllegalStateException naming the table when it cannot be read
     */
    public List<JdbcNodeLeaseProvider.LeaseRow> leaseRows() {
        if (!(provider instanceof JdbcNodeLeaseProvider jdbc)) {
            return List.of();
        }
        List<JdbcNodeLeaseProvider.LeaseRow> rows = new ArrayList<>();
        leases.values().stream().map(LeasedIdentity::namespace).distinct().sorted()
                .forEach(namespace -> rows.addAll(jdbc.rows(namespace)));
        return rows;
    }

    /**
     * Tells whether a row of the JDBC lease table is held by this application (by its provider's holder id).
     *
     * @param row a row from {@link #leaseRows()}
     * @return whether this application is the row's holder, released or not
     */
    public boolean isHeldHere(JdbcNodeLeaseProvider.LeaseRow row) {
        return provider instanceof JdbcNodeLeaseProvider jdbc && row.leaseHolder().id().equals(jdbc.holderId());
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
        LeaseStoreRules.Store store = LeaseStoreRules.inspect(dataSource);
        IdsConfigurationException refusal = LeaseStoreRules.refusal(store, origin == Origin.AUTO, generatorName,
                property);
        if (refusal != null) {
            return refusal;
        }
        announced = true;
        if (dataSource != null && provider instanceof JdbcNodeLeaseProvider jdbc) {
            RenewalPoolCheck.warnIfPoolCanStarveRenewals(dataSource, jdbc);
        }
        logger.info("ID generators lease their node identities from " + description
                + (store.url() == null ? "" : " at " + store.url())
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

    /**
     * Returns the identities leased so far, by generator name.
     *
     * @return the leased identities
     */
    public Collection<LeasedIdentity> leased() {
        return Collections.unmodifiableCollection(leases.values());
    }

    /** Closes every lease, releasing the identities at once; the provider bean is closed after this. */
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
    }
}
