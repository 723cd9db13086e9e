package dev.ids.autoconfigure.node;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.actuate.IdsEndpoint;
import dev.ids.autoconfigure.actuate.IdsEndpointAutoConfiguration;
import dev.ids.node.LeaseListing;
import dev.ids.node.ListedLease;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * What the starter does the same for every lease store of its own module (Redis, etcd): chosen in auto mode once the
 * application reaches the store, its timings and key prefix reach the provider and the generators lease from it;
 * listed by the ids endpoint with holders and expiries; chosen without the store's module, the start-up fails naming
 * it; and without the store, auto mode makes no provider of it. A subclass per store supplies how an application
 * reaches the store under a key prefix whose marks are seeded a second in the past (a claim that finds no mark starts
 * about 20 s ahead), and what the store says of itself.
 *
 * @param <P> the store's provider
 */
public abstract class LeaseStoreAutoConfigurationTests<P extends LeaseListing> {

    /** Every generator off: for tests about the provider alone. */
    protected static final String[] NO_GENERATORS = {"ids.trace-id.enabled=false", "ids.lable.enabled=false",
        "ids.gid.enabled=false", "ids.sno.enabled=false", "ids.muid.enabled=false"};

    protected final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class));

    /** The store's name, as {@code ids.node.provider} and the ids endpoint give it. */
    protected abstract String storeName();

    /** The store's provider class. */
    protected abstract Class<P> providerType();

    /** The package of the store's module, hidden to see the start-up fail without it. */
    protected abstract String modulePackage();

    /** How the start-up failure names the missing module, such as {@code the ids etcd module (dev.ids:id-etcd}. */
    protected abstract String moduleMention();

    /**
     * A new key prefix whose identities 0 to 3 of every scheme have a mark a second in the past.
     *
     * @return the prefix
     */
    protected abstract String seededPrefix() throws Exception;

    /**
     * The runner given, reaching the store (a connection bean, an endpoints property) with its keys under the prefix.
     *
     * @param runner the runner
     * @param keyPrefix the key prefix
     * @return the runner reaching the store
     */
    protected abstract ApplicationContextRunner reaching(ApplicationContextRunner runner, String keyPrefix);

    /** How the store's description starts, with its keys under the prefix. */
    protected abstract String descriptionStart(String keyPrefix);

    /** The provider's lease length. */
    protected abstract Duration leaseLength(P provider);

    /** The provider's key prefix. */
    protected abstract String keyPrefix(P provider);

    /** Whether the store has a clock that the lease measures its skew against. */
    protected abstract boolean measuresClockSkew();

    /**
     * The configuration failure behind a failed start-up.
     *
     * @param context the context that failed to start
     * @return the failure
     */
    protected static IdsConfigurationException configurationFailure(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        Throwable failure = context.getStartupFailure();
        while (!(failure instanceof IdsConfigurationException) && failure.getCause() != null) {
            failure = failure.getCause();
        }
        assertThat(failure).isInstanceOf(IdsConfigurationException.class);
        return (IdsConfigurationException) failure;
    }

    @Test
    void reachingTheStoreChoosesItInAutoModeAndTheTimingsReachTheProvider() throws Exception {
        String prefix = seededPrefix();
        reaching(contextRunner, prefix).withPropertyValues("ids.node." + storeName() + ".lease-length=20s")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    P provider = context.getBean(providerType());
                    assertThat(leaseLength(provider)).isEqualTo(Duration.ofSeconds(20));
                    assertThat(keyPrefix(provider)).isEqualTo(prefix);
                    assertThat(context.getBean(StarterLeaseStore.class).description())
                            .startsWith(descriptionStart(prefix));
                    assertThat(context.getBean(SnoGenerator.class).partition()).isZero();
                    assertThat(context.getBean(TraceIdGenerator.class).nodeNo()).isEqualTo(1);
                    context.getBean(SnoGenerator.class).next();
                    assertThat(provider.listLeases("sno")).filteredOn(ListedLease::held)
                            .extracting(ListedLease::identity).containsExactly(0L);
                });
    }

    @Test
    void theIdsEndpointListsHeldIdentitiesWithTheirHoldersAndExpiries() throws Exception {
        String prefix = seededPrefix();
        ApplicationContextRunner runner = reaching(contextRunner, prefix)
                .withConfiguration(AutoConfigurations.of(IdsEndpointAutoConfiguration.class))
                .withPropertyValues("ids.node.provider=" + storeName(),
                        "management.endpoints.web.exposure.include=ids");
        runner.run(context -> runner.run(other -> {
            assertThat(context).hasNotFailed();
            assertThat(other).hasNotFailed();
            IdsEndpoint endpoint = context.getBean(IdsEndpoint.class);
            IdsEndpoint.IdentityDescriptor identity = endpoint.generators().generators().stream()
                    .filter(generator -> generator.scheme().equals("sno")).findFirst().orElseThrow().identity();
            assertThat(identity.source()).isEqualTo(storeName());
            assertThat(identity.lease().store()).isEqualTo(storeName());
            assertThat(identity.lease().held()).isTrue();
            if (measuresClockSkew()) {
                assertThat(identity.lease().clockSkew()).as("measured against the store's clock").isNotNull();
            } else {
                assertThat(identity.lease().clockSkew()).as("the store shows no clock to measure against").isNull();
            }
            IdsEndpoint.LeasesDescriptor leases = endpoint.leases();
            assertThat(leases.store()).isEqualTo(storeName());
            List<IdsEndpoint.LeaseRowDescriptor> sno = leases.leases().stream()
                    .filter(row -> row.namespace().equals("sno") && !row.released()).toList();
            assertThat(sno).extracting(IdsEndpoint.LeaseRowDescriptor::identity).containsExactly(0L, 1L);
            assertThat(sno).extracting(IdsEndpoint.LeaseRowDescriptor::thisInstance).containsExactly(true, false);
            assertThat(sno).allSatisfy(row -> assertThat(Instant.parse(row.expiresAt())).isAfter(Instant.now()));
        }));
    }

    @Test
    void chosenWithoutTheStoresModuleTheStartUpFailsNamingIt() {
        contextRunner.withClassLoader(new FilteredClassLoader(modulePackage()))
                .withPropertyValues("ids.node.provider=" + storeName()).run(context -> {
                    assertThat(context).hasFailed().getFailure().rootCause().hasMessageContaining(moduleMention());
                    assertThat(configurationFailure(context).getProperty()).isEqualTo("ids.node.provider");
                });
    }

    @Test
    void withoutTheStoreAutoModeMakesNoProviderOfIt() {
        contextRunner.withPropertyValues(NO_GENERATORS)
                .run(context -> assertThat(context).doesNotHaveBean(providerType()));
    }
}
