package dev.ids.autoconfigure.node;

import dev.ids.IdScheme;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import java.util.Locale;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The lease provider the conditions left, and where it came from: nowhere ({@code static}, or nothing to lease from),
 * auto mode (the starter's provider, {@code ids.node.provider} unset), or an explicit choice (the property, or a
 * provider bean of the application's). Where it came from decides which schemes lease and which stores are checked.
 *
 * @param provider the provider, {@code null} when none is in use
 * @param origin where it came from
 * @param kind {@code jdbc}, {@code r2dbc}, {@code zookeeper}, {@code lease} (another provider of the application's) or {@code none}
 * @param description the provider and its settings, for logs, health and failure reports
 * @param dataSource the database of the starter's JDBC provider, named in the log once a lease is held; else
 *     {@code null}
 * @param setting {@code ids.node.provider} as set, in lower case, for failure reports; {@code null} when unset
 */
record ChosenLeaseProvider(@Nullable NodeLeaseProvider provider, Origin origin, String kind, String description,
        @Nullable DataSource dataSource, @Nullable String setting) {

    /** Where the lease provider came from. */
    enum Origin { NONE, AUTO, EXPLICIT }

    /**
     * Tells, by its class name alone, whether the provider is the R2DBC one, so that an application without R2DBC
     * never loads that class.
     */
    static boolean isR2dbc(NodeLeaseProvider provider) {
        return provider.getClass().getName().equals("dev.ids.r2dbc.R2dbcNodeLeaseProvider");
    }

    /**
     * Takes the provider bean the conditions left.
     *
     * @param settings the {@code ids.node} group
     * @param provider the {@link NodeLeaseProvider} bean, the starter's or the application's; {@code null} if none
     * @param starterStore the starter's description of its own provider; {@code null} when the provider is the
     *     application's or there is none
     */
    static ChosenLeaseProvider of(IdsNodeProperties settings, @Nullable NodeLeaseProvider provider,
            @Nullable StarterLeaseStore starterStore) {
        IdsNodeProperties.Provider chosen = settings.getProvider();
        String setting = chosen == null ? null : chosen.name().toLowerCase(Locale.ROOT);
        if (chosen == IdsNodeProperties.Provider.STATIC || provider == null) {
            return new ChosenLeaseProvider(null, Origin.NONE, "none", "none", null, setting);
        }
        if (starterStore == null) {
            String kind = provider instanceof JdbcNodeLeaseProvider ? "jdbc"
                    : isR2dbc(provider) ? "r2dbc" : "lease";
            return new ChosenLeaseProvider(provider, Origin.EXPLICIT, kind, "the application's NodeLeaseProvider "
                    + provider, null, setting);
        }
        boolean auto = chosen == null || chosen == IdsNodeProperties.Provider.AUTO;
        return new ChosenLeaseProvider(provider, auto ? Origin.AUTO : Origin.EXPLICIT, starterStore.kind(),
                starterStore.description(), starterStore.dataSource(), setting);
    }

    /**
     * Tells whether a scheme's identities are leased when their properties are unset: muid medallions only when the
     * provider was chosen explicitly, as auto mode keeps the random medallion the muid specification prescribes.
     */
    boolean leases(IdScheme scheme) {
        return switch (scheme) {
            case GID -> false;
            case MUID -> origin == Origin.EXPLICIT;
            default -> origin != Origin.NONE;
        };
    }

    boolean isAuto() {
        return origin == Origin.AUTO;
    }
}
