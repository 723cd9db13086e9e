package dev.ids.autoconfigure.node;

import dev.ids.IdScheme;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.clock.IdClock;
import dev.ids.node.ConfiguredIdentityClaim;
import dev.ids.node.LeaseListing;
import dev.ids.node.ListedLease;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.ReclaimingNodeLease;
import dev.ids.node.UnsafeLeaseStoreException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;

/**
 * The leases of the starter's generators, one per generator, claimed from the {@link NodeLeaseProvider} bean that
 * {@link NodeLeaseConfiguration} found or made, and all closed when the context closes. Which provider that is, is
 * decided by conditions ({@code ids.node.provider}, see {@link IdsNodeProperties}); here it is only used. The store
 * refuses a database its leases are not safe in at the first claim, and that refusal is worded here with the
 * starter's properties ({@link UnsafeStoreReport}).
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

    private static final Log logger = LogFactory.getLog(NodeLeases.class);

    private final ChosenLeaseProvider chosen;

    /** The provider, or null: {@code chosen.provider()}, kept apart as every claim uses it. */
    private final @Nullable NodeLeaseProvider provider;

    private final Duration reclaimPeriod;

    /** By generator name; guarded by itself. */
    private final Map<String, LeasedIdentity> leases = new TreeMap<>();

    private volatile boolean announced;

    /** How long {@link #destroy()} waits for the leases' releases, all together. */
    static final Duration RELEASE_TIMEOUT = Duration.ofSeconds(10);

    private final Duration releaseTimeout;

    private final LeaseStoreKinds kinds;

    /**
     * Takes the lease provider the conditions chose.
     *
     * @param chosen the provider and where it came from
     * @param reclaimPeriod how often a lease that ended is claimed again
     * @param kinds the kinds of store on the class path, named in the log and in failures
     */
    NodeLeases(ChosenLeaseProvider chosen, Duration reclaimPeriod, LeaseStoreKinds kinds) {
        this(chosen, reclaimPeriod, RELEASE_TIMEOUT, kinds);
    }

    NodeLeases(ChosenLeaseProvider chosen, Duration reclaimPeriod, Duration releaseTimeout, LeaseStoreKinds kinds) {
        this.chosen = chosen;
        this.kinds = kinds;
        this.provider = chosen.provider();
        this.reclaimPeriod = reclaimPeriod;
        this.releaseTimeout = releaseTimeout;
    }

    /** The provider the leases come from, or {@code null}; for tests. */
    @Nullable NodeLeaseProvider provider() {
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
        return chosen.leases(scheme);
    }

    /**
     * Names the kind of store the leases are kept in, for the {@code ids} endpoint.
     *
     * @return the name of the store's kind as {@code ids.node.provider} names it ({@code jdbc}, {@code zookeeper},
     *     ...), for the starter's provider or an application's provider of a kind the starter knows; {@code lease}
     *     for another provider of the application's, or {@code none}
     */
    public String kind() {
        return chosen.kindName();
    }

    /**
     * Tells whether the provider can list its store's leases ({@link LeaseListing}), for the {@code ids} endpoint.
     *
     * @return whether {@link #leaseRows()} lists them
     */
    public boolean listsLeases() {
        return provider instanceof LeaseListing;
    }

    /**
     * Tells whether the leases measure the skew between this instance's clock and the store's; the {@code ids}
     * endpoint shows it only then.
     *
     * @return {@code false} for a store whose leases do not expire by a time of the store's, as ZooKeeper's
     */
    public boolean measuresClockSkew() {
        return chosen.kind() == null || chosen.kind().measuresClockSkew();
    }

    /**
     * Tells how an application leases its node identities from each store on the class path, for the start-up
     * failure of a generator left without one.
     *
     * @return for example {@code with a DataSource bean (or ids.node.provider=jdbc) from the application's database,
     *     or with ids.node.zookeeper.connect-string from ZooKeeper}
     */
    public String howToChooseAStore() {
        return kinds.howToChoose();
    }

    /**
     * Reads the lease store in every namespace this application holds identities in, for the {@code ids} endpoint:
     * its own leases and those of every other instance in the same namespaces, released ones included for their
     * marks, as the store lists them ({@link LeaseListing}).
     *
     * @return the identities, by namespace then identity; empty unless the provider lists its leases
     * @throws IllegalStateException naming the store (a table, a znode) when it cannot be read
     */
    public List<StoredLease> leaseRows() {
        if (!(provider instanceof LeaseListing listing)) {
            return List.of();
        }
        List<String> namespaces = leased().stream().map(LeasedIdentity::namespace).distinct().sorted().toList();
        List<StoredLease> rows = new ArrayList<>();
        for (String namespace : namespaces) {
            for (ListedLease lease : listing.listLeases(namespace)) {
                rows.add(new StoredLease(lease.namespace(), lease.identity(), lease.holder(),
                        lease.holderIs(listing.holderId()), !lease.held(), lease.expiresAtMillis(),
                        lease.highWaterMarkMillis()));
            }
        }
        return rows;
    }

    /**
     * Estimates the lease store's current time, against which the expiry of its rows is decided: this instance's
     * clock less the skew its leases measured against the store.
     *
     * @return the store's time in milliseconds since the Unix epoch; empty for a store whose identities do not
     *     expire by a time of its own (ZooKeeper), for a provider of no kind the starter knows, and when no lease is
     *     held to measure the skew with
     */
    public OptionalLong storeTimeMillis() {
        if (chosen.kind() == null || !chosen.kind().measuresClockSkew()) {
            return OptionalLong.empty();
        }
        return leased().stream().map(LeasedIdentity::lease).filter(NodeLease::isHeld).findFirst()
                .map(lease -> OptionalLong.of(System.currentTimeMillis() - lease.clockSkew().toMillis()))
                .orElse(OptionalLong.empty());
    }

    /**
     * Describes the provider, for logs, health and failure reports.
     *
     * @return for example {@code jdbc (table ids_node_lease in DataSource ...)}, or {@code none}
     */
    public String description() {
        return chosen.description();
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
        NodeLease lease;
        try {
            lease = ReclaimingNodeLease.claim(provider, claim, IdClock.system(), reclaimPeriod);
        } catch (UnsafeLeaseStoreException ex) {
            throw UnsafeStoreReport.of(ex, chosen, generatorName, property);
        } catch (IllegalStateException | IllegalArgumentException ex) {
            throw LeaseClaimFailures.noneLeased(generatorName, property, claim, chosen, ex);
        }
        announce();
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
    public @Nullable LeasedIdentity claimConfigured(String generatorName, String property, String namespace,
            long identity) {
        NodeLeaseProvider store = provider;
        if (store == null) {
            throw new IllegalStateException("No node lease provider is in use");
        }
        NodeClaim claim = new NodeClaim(namespace, identity, identity);
        NodeLease lease;
        try {
            lease = claimOrTakeOverFromSilentHolder(store, generatorName, property, claim);
        } catch (UnsafeLeaseStoreException ex) {
            // Leasing instances are refused on this store, so none can take the configured identity from here.
            logger.debug("The configured " + property + " = " + identity + " is not claimed in the lease store: "
                    + ex.getMessage());
            return null;
        } catch (IllegalStateException | IllegalArgumentException ex) {
            throw LeaseClaimFailures.configuredNotHeld(generatorName, property, identity, chosen, ex);
        }
        announce();
        return hold(generatorName, property, claim, lease, "configured, held");
    }

    /**
     * Claims a configured identity; when another holder has it, the core judges that holder and waits for it to
     * renew (another instance: fails naming it) or stay silent (a previous run of this instance: takes it over),
     * {@link ConfiguredIdentityClaim}.
     */
    private NodeLease claimOrTakeOverFromSilentHolder(NodeLeaseProvider store, String generatorName, String property,
            NodeClaim claim) {
        try {
            return ConfiguredIdentityClaim.claim(store, claim, "ID generator '" + generatorName + "' (" + property
                    + ")", reclaimPeriod);
        } catch (NoFreeNodeIdentityException ex) {
            throw LeaseClaimFailures.heldElsewhere(generatorName, property, claim, heldBy(claim), description());
        }
    }

    /** Names the store in the log, once, when the first lease is held (the store has accepted its database). */
    private void announce() {
        if (announced) {
            return;
        }
        announced = true;
        String location = chosen.firstLease().held();
        logger.info("ID generators lease their node identities from " + description()
                + (location == null ? "" : " at " + location)
                + (chosen.isAuto() ? "; chosen because ids.node.provider is unset (set it to "
                + kinds.explicitValues() + " to choose)" : ""));
    }

    /** Who holds an identity, as far as the store tells: the holder it records (its host and process). */
    private String heldBy(NodeClaim claim) {
        if (!(provider instanceof LeaseListing listing)) {
            return "another instance";
        }
        try {
            return listing.listLeases(claim.namespace()).stream().filter(lease -> lease.identity() == claim.min())
                    .map(ListedLease::holder).filter(Objects::nonNull).findFirst()
                    .map(holder -> "the instance '" + holder + "'").orElse("another instance");
        } catch (RuntimeException ex) {
            return "another instance"; // the failure names the property and the number either way
        }
    }

    private LeasedIdentity hold(String generatorName, String property, NodeClaim claim, NodeLease lease,
            String how) {
        LeasedIdentity leased = new LeasedIdentity(generatorName, property, claim.namespace(), lease,
                description(), kind());
        LeasedIdentity previous;
        synchronized (leases) {
            previous = leases.put(generatorName, leased);
        }
        if (previous != null) {
            previous.lease().close();
        }
        logger.info("ID generator '" + generatorName + "' holds node identity " + lease.identity() + " ("
                + property + ") " + how + " in namespace '" + claim.namespace() + "'");
        return leased;
    }

    /**
     * Returns the identities leased so far, by generator name.
     *
     * @return the leased identities, sorted by generator name (a snapshot)
     */
    public Collection<LeasedIdentity> leased() {
        synchronized (leases) {
            return List.copyOf(leases.values());
        }
    }

    /**
     * Closes every lease, releasing the identities at once; the provider bean is closed after this. The leases are
     * closed side by side and waited for at most {@link #RELEASE_TIMEOUT} in all: a store that hangs (each release
     * waiting out a pool's connection timeout) must not hold the shutdown for a multiple of that timeout. A lease
     * still releasing then is left to finish on its own thread, which does not keep the JVM alive; its identity
     * becomes free when its expiry passes, as after a crash. A release given up, or one that threw, is logged here,
     * as the core's lease knows of no timeout.
     */
    @Override
    public void destroy() {
        List<LeasedIdentity> all;
        synchronized (leases) {
            all = new ArrayList<>(leases.values());
            leases.clear();
        }
        LeaseRelease.releaseAll(all, releaseTimeout);
    }
}
