package dev.ids.autoconfigure;

import static dev.ids.autoconfigure.ConfiguredValue.apply;

import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.NodeIdentityField;
import dev.ids.autoconfigure.node.LableClusterIds;
import dev.ids.autoconfigure.node.LeasedIdentity;
import dev.ids.autoconfigure.node.NodeLeases;
import dev.ids.generator.GeneratorBuilder;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidGenerator;
import dev.ids.node.NodeClaim;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.Security;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Builds the starter's generators: maps each property onto the core builder (unset ones keep the core's
 * defaults), resolves node identities, applies the customizers, and turns a rejected value into an
 * {@link IdsConfigurationException} that names the property.
 *
 * <p>A node identity comes from, in order: its property; the {@link NodeIdentityProvider} beans; a lease claimed
 * from the {@link NodeLeases} provider (namespace the scheme's name, one lease per generator); otherwise the
 * start-up fails (muid: the random medallion of its specification, unless the lease provider was chosen
 * explicitly). Each scheme's descriptor names the identity's property, its range and the range leased
 * ({@link dev.ids.IdDescriptor#nodeIdentityField()}): elfo node numbers from 1 (0 means "unknown node" to elfo), muid
 * medallions 1 to 65535, below the specification's random medallions; a leased medallion is logged.
 *
 * <p>Where the starter leases a scheme's identities, a configured identity of that scheme is held in the same store
 * too, as a lease of exactly that identity: a leasing instance of a mixed fleet (a rolling migration from configured
 * to leased identities) cannot take it, and a second instance configured with it fails to start.
 */
final class IdGeneratorFactory {

    private static final Log logger = LogFactory.getLog(IdGeneratorFactory.class);

    private final List<NodeIdentityProvider> identityProviders;

    private final List<IdGeneratorBuilderCustomizer> customizers;

    private final IdGeneratorRegistry registry;

    private final NodeLeases leases;

    /** The Lable cluster id the lease store keeps, or null when it keeps none. */
    private final @Nullable LableClusterIds clusterIds;

    private final RequiredNodeIdentities requiredIdentities;

    private static final String CONFIGURED = "configured";

    IdGeneratorFactory(List<NodeIdentityProvider> identityProviders, List<IdGeneratorBuilderCustomizer> customizers,
            IdGeneratorRegistry registry, NodeLeases leases, @Nullable LableClusterIds clusterIds,
            RequiredNodeIdentities requiredIdentities) {
        this.identityProviders = List.copyOf(identityProviders);
        this.customizers = List.copyOf(customizers);
        this.registry = registry;
        this.leases = leases;
        this.clusterIds = clusterIds;
        this.requiredIdentities = requiredIdentities;
    }

    /**
     * A node identity: a value (set or provided), or a lease, or both (a configured value held in the lease store);
     * neither for a muid generator's random medallion.
     */
    private record Identity(String property, @Nullable Long value, String source, @Nullable LeasedIdentity leased) {

        /** What the statistics report: the value and its source, for the {@code ids} endpoint. */
        IdGeneratorStatistics.NodeIdentity describe() {
            return new IdGeneratorStatistics.NodeIdentity(value != null ? value
                    : Objects.requireNonNull(leased, "an identity has a value or a lease").lease().identity(), source,
                    leased);
        }

        void applyTo(WaitingGeneratorBuilder<?> builder, Consumer<Long> setter) {
            if (leased != null) {
                builder.lease(leased.lease());
            } else {
                apply(property, value, setter);
            }
        }
    }

    TraceIdGenerator traceId(String beanName, String prefix, IdsProperties.TraceId settings) {
        TraceIdGenerator.Builder builder = TraceIdGenerator.builder();
        Identity identity = required(IdScheme.TRACE_ID, beanName, prefix, settings);
        identity.applyTo(builder, value -> builder.nodeNo(Math.toIntExact(value)));
        return build(beanName, IdScheme.TRACE_ID, prefix, settings.getMaxWait(), builder, builder::build,
                identity);
    }

    LableIdGenerator lable(String beanName, String prefix, IdsProperties.Lable settings) {
        LableIdGenerator.Builder builder = LableIdGenerator.builder();
        Identity identity = required(IdScheme.LABLE, beanName, prefix, settings);
        identity.applyTo(builder, value -> builder.generatorId(Math.toIntExact(value)));
        Integer clusterId = settings.getClusterId();
        if (clusterId == null && identity.value() == null && identity.leased() != null && clusterIds != null) {
            // A store that keeps the cluster id with its pool (LableClusterIds) is asked for it.
            long kept = clusterIds.clusterId(identity.leased().namespace());
            apply(prefix + ".cluster-id (read from the lease store, " + leases.description() + ")", kept,
                    value -> builder.clusterId(Math.toIntExact(value)));
        }
        apply(prefix + ".cluster-id", clusterId, builder::clusterId);
        apply(prefix + ".mode", settings.getMode(), builder::mode);
        return build(beanName, IdScheme.LABLE, prefix, settings.getMaxWait(), builder, builder::build,
                identity);
    }

    GidGenerator gid(String beanName, String prefix, IdsProperties.Gid settings) {
        GidGenerator.Builder builder = GidGenerator.builder();
        apply(prefix + ".type", settings.getType(), builder::type);
        String algorithm = settings.getRandomAlgorithm();
        if (algorithm != null) {
            checkAlgorithm(prefix + ".random-algorithm", algorithm);
            builder.randomPerThread(() -> newSecureRandom(algorithm));
        }
        return build(beanName, IdScheme.GID, prefix, builder, builder::build, null);
    }

    SnoGenerator sno(String beanName, String prefix, IdsProperties.Sno settings) {
        SnoGenerator.Builder builder = SnoGenerator.builder();
        Identity identity = required(IdScheme.SNO, beanName, prefix, settings);
        identity.applyTo(builder, value -> builder.partition(Math.toIntExact(value)));
        if (settings.getSequenceMin() != null || settings.getSequenceMax() != null) {
            int min = settings.getSequenceMin() == null ? 0 : settings.getSequenceMin();
            int max = settings.getSequenceMax() == null ? Sno.MAX_SEQUENCE : settings.getSequenceMax();
            String property = prefix + (settings.getSequenceMin() != null ? ".sequence-min" : ".sequence-max");
            try {
                builder.sequenceBounds(min, max);
            } catch (IllegalArgumentException ex) {
                throw new IdsConfigurationException(property, property.endsWith("min") ? min : max, ex.getMessage()
                        + " (the pool is " + prefix + ".sequence-min = " + min + " to " + prefix
                        + ".sequence-max = " + max + ")", "Change " + prefix + ".sequence-min and " + prefix
                        + ".sequence-max so that the pool holds at least 4 numbers from 0 to " + Sno.MAX_SEQUENCE
                        + ", or remove them to use the whole pool.");
            }
        }
        return build(beanName, IdScheme.SNO, prefix, settings.getMaxWait(), builder, builder::build,
                identity);
    }

    MuidGenerator muid(String beanName, String prefix, IdsProperties.Muid settings) {
        MuidGenerator.Builder builder = MuidGenerator.builder();
        String medallion = prefix + ".medallion";
        Identity identity = identity(IdScheme.MUID, beanName, prefix, settings);
        if (identity != null) {
            identity.applyTo(builder, builder::medallion);
        }
        MuidGenerator generator = build(beanName, IdScheme.MUID, prefix, settings.getMaxWait(), builder,
                builder::build, identity);
        if (identity != null && identity.value() == null && identity.leased() != null) {
            logger.info("muid generator '" + beanName + "' uses the leased medallion " + generator.medallion()
                    + ", below the muid specification's random range [0x10000000000, 0x1FFFFFFFFFF] so that it never "
                    + "equals a random medallion (the specification allows any configured medallion up to 2^44-2); "
                    + "set " + medallion + " to choose one yourself");
        } else if (generator.isMedallionRandom()) {
            logger.info("muid generator '" + beanName + "' uses the random medallion " + generator.medallion()
                    + " (0x" + Long.toHexString(generator.medallion()).toUpperCase() + "), as the muid specification "
                    + "prescribes; set " + medallion + " to fix it");
        }
        return generator;
    }

    private <G extends MonitoredIdGenerator<?>, B extends WaitingGeneratorBuilder<B>> G build(String beanName,
            IdScheme scheme, String prefix, @Nullable Duration maxWait, B builder, Supplier<G> build,
            @Nullable Identity identity) {
        apply(prefix + ".max-wait", maxWait, builder::maxWait);
        return build(beanName, scheme, prefix, builder, build, identity);
    }

    /** Applies the customizers, adds the statistics to whatever listener they set, builds and registers. */
    private <G extends MonitoredIdGenerator<?>> G build(String beanName, IdScheme scheme, String prefix,
            GeneratorBuilder<?> builder, Supplier<G> build, @Nullable Identity identity) {
        LeasedIdentity leased = identity == null ? null : identity.leased();
        for (IdGeneratorBuilderCustomizer customizer : customizers) {
            customizer.customize(beanName, scheme, builder);
        }
        IdGeneratorStatistics statistics = new IdGeneratorStatistics();
        builder.listener(new BothListeners(builder.listener(), statistics));
        G generator;
        try {
            generator = build.get();
        } catch (IllegalStateException ex) {
            if (leased == null) {
                throw ex;
            }
            // A customizer set an identity too, or the lease is unusable: name the property and the lease.
            throw new IdsConfigurationException(leased.property(), null, "the generator '" + beanName
                    + "' cannot use its leased node identity " + leased.lease().identity() + ": " + ex.getMessage(),
                    "Set the identity either through " + leased.property() + " or through the lease, not both.");
        }
        if (identity != null) {
            statistics.attachIdentity(identity.describe());
        }
        registry.register(beanName, prefix, generator, statistics);
        return generator;
    }

    /**
     * The configured identity, a provided one or a lease; when there is none, fails naming the property, and the
     * properties of every other generator still to be made that has none either.
     */
    private Identity required(IdScheme scheme, String beanName, String prefix, SchemeGroup<?> settings) {
        Identity identity = identity(scheme, beanName, prefix, settings);
        if (identity != null) {
            return identity;
        }
        NodeIdentityField field = field(scheme);
        NodeIdentityRequest failing = new NodeIdentityRequest(scheme, beanName, prefix + "." + field.setting(),
                field.min(), field.max());
        List<NodeIdentityRequest> missing = new ArrayList<>(List.of(failing));
        for (RequiredNodeIdentities.Required other : requiredIdentities.notYetMade()) {
            NodeIdentityRequest request = other.request();
            if (!request.generatorName().equals(beanName) && other.configured() == null
                    && !(leases.isActive() && leases.leases(request.scheme())) && provided(request) == null) {
                missing.add(request);
            }
        }
        if (missing.size() == 1) {
            throw missingIdentity(failing);
        }
        throw new IdsConfigurationException(missing.stream().map(this::missingIdentity).toList(),
                "Set each of " + missing.stream().map(request -> request.property() + " (" + request.min() + " to "
                + request.max() + ")").collect(Collectors.joining(", ")) + " to a value that no other running "
                + "instance uses, or add a NodeIdentityProvider bean, or lease identities per instance: "
                + leases.howToChooseAStore() + "; or set " + missing.stream()
                .map(request -> enabledProperty(request) + "=false")
                .collect(Collectors.joining(", ")) + " for the IDs you do not need.");
    }

    private IdsConfigurationException missingIdentity(NodeIdentityRequest request) {
        String scheme = request.scheme().schemeName();
        return new IdsConfigurationException(request.property(), null, "the " + scheme + " generator '"
                + request.generatorName() + "' needs a node identity, and neither a node-identity provider nor a "
                + "node lease provider supplied one; the starter does not invent one, because two instances with "
                + "the same identity issue the same IDs",
                "Set " + request.property() + " to a value from " + request.min() + " to " + request.max()
                + " that no other running instance uses, or add a NodeIdentityProvider bean, or lease identities "
                + "per instance: " + leases.howToChooseAStore() + "; or set " + enabledProperty(request)
                + "=false if you do not need " + scheme + " IDs.");
    }

    /** {@code ids.sno.enabled} for {@code ids.sno.partition}, {@code ids.sno.named.a.enabled} for a named one. */
    private static String enabledProperty(NodeIdentityRequest request) {
        return request.property().substring(0, request.property().lastIndexOf('.')) + ".enabled";
    }

    /**
     * The configured identity, or one from the providers, or a lease; {@code null} when there is none. Where the
     * starter leases the scheme's identities, a configured or provided one is held in the store too, as a lease of
     * exactly that identity, so that no leasing instance of a mixed fleet takes it.
     */
    private @Nullable Identity identity(IdScheme scheme, String beanName, String prefix, SchemeGroup<?> settings) {
        NodeIdentityField field = field(scheme);
        String property = prefix + "." + field.setting();
        boolean leased = leases.isActive() && leases.leases(scheme);
        Long configured = settings.configuredNodeIdentity();
        if (configured != null) {
            boolean inRange = configured >= field.min() && configured <= field.max();
            return new Identity(property, configured, CONFIGURED, inRange && leased
                    ? leases.claimConfigured(beanName, property, scheme.schemeName(), configured) : null);
        }
        Long provided = provided(new NodeIdentityRequest(scheme, beanName, property, field.min(), field.max()));
        if (provided != null) {
            return new Identity(property, provided, "provider", leased
                    ? leases.claimConfigured(beanName, property, scheme.schemeName(), provided) : null);
        }
        if (leased) {
            // All generators of a scheme claim in one namespace: two of them with one identity issue the same IDs.
            return new Identity(property, null, leases.kind(), leases.claim(beanName, property,
                    new NodeClaim(scheme.schemeName(), field.leasedMin(), field.leasedMax())));
        }
        return null;
    }

    private static NodeIdentityField field(IdScheme scheme) {
        NodeIdentityField field = scheme.descriptor().nodeIdentityField().orElse(null);
        if (field == null) {
            throw new IllegalStateException("The " + scheme.schemeName() + " scheme's generators need no node "
                    + "identity");
        }
        return field;
    }

    private @Nullable Long provided(NodeIdentityRequest request) {
        for (NodeIdentityProvider provider : identityProviders) {
            OptionalLong identity = provider.nodeIdentity(request);
            if (identity.isPresent()) {
                long value = identity.getAsLong();
                if (value < request.min() || value > request.max()) {
                    String name = provider.getClass().getName();
                    throw new IdsConfigurationException(request.property(), value, "the node-identity provider "
                            + name + " supplied " + value + ", outside [" + request.min() + ", " + request.max()
                            + "]", "Fix the node-identity provider " + name + ", or set " + request.property() + ".");
                }
                return value;
            }
        }
        return null;
    }

    private static void checkAlgorithm(String property, String algorithm) {
        try {
            SecureRandom.getInstance(algorithm);
        } catch (NoSuchAlgorithmException ex) {
            throw new IdsConfigurationException(property, algorithm,
                    "this JVM has no SecureRandom algorithm of that name",
                    "Set " + property + " to one of " + new TreeSet<>(Security.getAlgorithms("SecureRandom"))
                    + ", or remove it to use the default per-thread AES-CTR generator keyed from SecureRandom.");
        }
    }

    private static SecureRandom newSecureRandom(String algorithm) {
        try {
            return SecureRandom.getInstance(algorithm);
        } catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException("SecureRandom algorithm " + algorithm + " vanished", ex);
        }
    }
}
