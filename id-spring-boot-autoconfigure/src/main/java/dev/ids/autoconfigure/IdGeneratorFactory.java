package dev.ids.autoconfigure;

import dev.ids.GeneratorBuilder;
import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.WaitingGeneratorBuilder;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.Security;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Builds the starter's generators: maps each property onto the core builder (unset ones keep the core's
 * defaults), resolves node identities, applies the customizers, and turns a rejected value into an
 * {@link IdsConfigurationException} that names the property.
 */
final class IdGeneratorFactory {

    private static final Log logger = LogFactory.getLog(IdGeneratorFactory.class);

    private final List<NodeIdentityProvider> identityProviders;

    private final List<IdGeneratorBuilderCustomizer> customizers;

    private final IdGeneratorRegistry registry;

    IdGeneratorFactory(List<NodeIdentityProvider> identityProviders, List<IdGeneratorBuilderCustomizer> customizers,
            IdGeneratorRegistry registry) {
        this.identityProviders = List.copyOf(identityProviders);
        this.customizers = List.copyOf(customizers);
        this.registry = registry;
    }

    TraceIdGenerator traceId(String beanName, String prefix, IdsProperties.TraceId settings) {
        TraceIdGenerator.Builder builder = TraceIdGenerator.builder();
        String nodeNo = prefix + ".node-no";
        apply(nodeNo, identity(IdScheme.TRACE_ID, beanName, nodeNo, settings.getNodeNo(), 0, TraceId.MAX_NODE_NO),
                value -> builder.nodeNo(Math.toIntExact(value)));
        return build(beanName, IdScheme.TRACE_ID, prefix, settings.getMaxWait(), builder, builder::build);
    }

    LableIdGenerator lable(String beanName, String prefix, IdsProperties.Lable settings) {
        LableIdGenerator.Builder builder = LableIdGenerator.builder();
        String generatorId = prefix + ".generator-id";
        apply(generatorId, identity(IdScheme.LABLE, beanName, generatorId, settings.getGeneratorId(), 0,
                LableId.MAX_GENERATOR_ID), value -> builder.generatorId(Math.toIntExact(value)));
        apply(prefix + ".cluster-id", settings.getClusterId(), builder::clusterId);
        apply(prefix + ".mode", settings.getMode(), builder::mode);
        return build(beanName, IdScheme.LABLE, prefix, settings.getMaxWait(), builder, builder::build);
    }

    GidGenerator gid(String beanName, String prefix, IdsProperties.Gid settings) {
        GidGenerator.Builder builder = GidGenerator.builder();
        apply(prefix + ".type", settings.getType(), builder::type);
        String algorithm = settings.getRandomAlgorithm();
        if (algorithm != null) {
            checkAlgorithm(prefix + ".random-algorithm", algorithm);
            builder.randomPerThread(() -> newSecureRandom(algorithm));
        }
        return build(beanName, IdScheme.GID, prefix, builder, builder::build);
    }

    SnoGenerator sno(String beanName, String prefix, IdsProperties.Sno settings) {
        SnoGenerator.Builder builder = SnoGenerator.builder();
        String partition = prefix + ".partition";
        apply(partition, identity(IdScheme.SNO, beanName, partition, settings.getPartition(), 0, Sno.MAX_PARTITION),
                value -> builder.partition(Math.toIntExact(value)));
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
        return build(beanName, IdScheme.SNO, prefix, settings.getMaxWait(), builder, builder::build);
    }

    MuidGenerator muid(String beanName, String prefix, IdsProperties.Muid settings) {
        MuidGenerator.Builder builder = MuidGenerator.builder();
        String medallion = prefix + ".medallion";
        Long configured = settings.getMedallion() != null ? settings.getMedallion()
                : provided(new NodeIdentityRequest(IdScheme.MUID, beanName, medallion, 0, Muid.MAX_MEDALLION));
        apply(medallion, configured, builder::medallion);
        MuidGenerator generator = build(beanName, IdScheme.MUID, prefix, settings.getMaxWait(), builder,
                builder::build);
        if (generator.isMedallionRandom()) {
            logger.info("muid generator '" + beanName + "' uses the random medallion " + generator.medallion()
                    + " (0x" + Long.toHexString(generator.medallion()).toUpperCase() + "), as the muid specification "
                    + "prescribes; set " + medallion + " to fix it");
        }
        return generator;
    }

    private <G extends MonitoredIdGenerator<?>, B extends WaitingGeneratorBuilder<B>> G build(String beanName,
            IdScheme scheme, String prefix, Duration maxWait, B builder, Supplier<G> build) {
        apply(prefix + ".max-wait", maxWait, builder::maxWait);
        return build(beanName, scheme, prefix, builder, build);
    }

    /** Applies the customizers, adds the statistics to whatever listener they set, builds and registers. */
    private <G extends MonitoredIdGenerator<?>> G build(String beanName, IdScheme scheme, String prefix,
            GeneratorBuilder<?> builder, Supplier<G> build) {
        for (IdGeneratorBuilderCustomizer customizer : customizers) {
            customizer.customize(beanName, scheme, builder);
        }
        IdGeneratorStatistics statistics = new IdGeneratorStatistics();
        builder.listener(new BothListeners(builder.listener(), statistics));
        G generator = build.get();
        registry.register(beanName, prefix, generator, statistics);
        return generator;
    }

    /** The configured identity, or one from the providers; fails naming the property when there is none. */
    private Long identity(IdScheme scheme, String beanName, String property, Integer configured, long min,
            long max) {
        if (configured != null) {
            return configured.longValue();
        }
        NodeIdentityRequest request = new NodeIdentityRequest(scheme, beanName, property, min, max);
        Long provided = provided(request);
        if (provided == null) {
            throw new IdsConfigurationException(property, null, "the " + scheme.schemeName() + " generator '"
                    + beanName + "' needs a node identity, and no node-identity provider supplied one; the starter "
                    + "does not invent one, because two instances with the same identity issue the same IDs",
                    "Set " + property + " to a value from " + min + " to " + max + " that no other running instance "
                    + "uses, or add a NodeIdentityProvider bean, or set "
                    + property.substring(0, property.lastIndexOf('.')) + ".enabled=false if you do not need "
                    + scheme.schemeName() + " IDs.");
        }
        return provided;
    }

    private Long provided(NodeIdentityRequest request) {
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

    private static <T> void apply(String property, T value, Consumer<T> setter) {
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
