package dev.ids.autoconfigure.actuate;

import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.node.ReclaimingNodeLease;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Reports whether every generator the starter made can issue IDs: UP with each generator's scheme, settings and
 * count of IDs issued (and, for a leased node identity, the identity, namespace, provider, whether the lease is
 * held, the time left on it, its renewals, failed renewals and re-claims); DOWN, with the reason under the
 * generator's name, while a generator refuses to issue IDs or its lease is not held.
 */
public final class IdGeneratorsHealthIndicator extends AbstractHealthIndicator {

    private final IdGeneratorRegistry generators;

    /**
     * Creates an indicator over the generators of a registry.
     *
     * @param generators the registry whose generators to check
     */
    public IdGeneratorsHealthIndicator(IdGeneratorRegistry generators) {
        super("ID generators health check failed");
        this.generators = generators;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        builder.up();
        for (IdGeneratorRegistry.Registration registration : generators.registrations()) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("scheme", registration.generator().scheme().schemeName());
            details.put("settings", registration.generator().settings());
            details.put("generated", registration.generator().generatedCount());
            registration.statistics().leasedIdentity().ifPresent(leased -> {
                Map<String, Object> lease = new LinkedHashMap<>();
                lease.put("identity", leased.lease().identity());
                lease.put("namespace", leased.namespace());
                lease.put("provider", leased.provider());
                lease.put("held", leased.lease().isHeld());
                lease.put("remaining", leased.lease().remaining().toString());
                lease.put("renewals", leased.lease().renewalCount());
                lease.put("failures", leased.lease().renewalFailureCount());
                if (leased.lease() instanceof ReclaimingNodeLease reclaiming) {
                    lease.put("reclaims", reclaiming.reclaimCount());
                }
                details.put("lease", lease);
            });
            Optional<String> problem = registration.statistics().currentProblem();
            if (problem.isPresent()) {
                details.put("problem", problem.get());
                builder.down();
            }
            builder.withDetail(registration.name(), details);
        }
    }
}
