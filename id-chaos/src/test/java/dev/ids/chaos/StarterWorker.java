package dev.ids.chaos;

import dev.ids.BinaryFormId;
import dev.ids.IdGenerator;
import dev.ids.autoconfigure.node.ConfiguredIdentityInUseException;
import dev.ids.autoconfigure.node.LeasedIdentity;
import dev.ids.autoconfigure.node.NodeLeases;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidGenerator;
import dev.ids.node.NodeLease;
import dev.ids.node.ReclaimingNodeLease;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A chaos worker that runs the Spring Boot starter as an application does ({@code via=starter}): the starter's
 * generator beans, with node identities the starter leases from the application's DataSource
 * ({@code ids.node.provider=jdbc}, a Hikari pool), each scheme in its own namespace and range, or, given
 * {@code identity.<tag>=<n>}, the scheme's identity property, which the starter holds in the store. Only the JDBC
 * store: the starter's other stores are configured the same way and share its lease lifecycle. Timings are the suite's
 * ({@link ChaosStore#LEASE}, {@link ChaosStore#GRACE}, {@link ChaosScheme#MAX_WAIT}); the pool waits for a
 * connection at most a second, within the window the starter's start-up check asks for (lease length less the
 * renewal period).
 */
final class StarterWorker {

    private StarterWorker() {
    }

    /**
     * Starts the application, then issues every scheme until stopped ({@link IdStream#issueUntilStopped}).
     *
     * @param options the worker's arguments ({@code store=jdbc}'s, {@code rate}, {@code dir}, {@code name})
     * @param out the worker's output
     * @param stop set when the worker is to stop
     */
    static void run(Map<String, String> options, PrintWriter out, AtomicBoolean stop) throws InterruptedException {
        if (!"jdbc".equals(options.get("store"))) {
            throw new IllegalArgumentException("via=starter runs on store=jdbc only: '" + options.get("store") + "'");
        }
        SpringApplication application = new SpringApplication(Application.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        application.setBannerMode(Banner.Mode.OFF);
        application.setLogStartupInfo(false);
        List<String> arguments = new ArrayList<>(List.of(
                "--spring.datasource.url=" + options.get("jdbc.url"),
                "--spring.datasource.username=" + options.get("jdbc.user"),
                "--spring.datasource.password=" + options.getOrDefault("jdbc.password", ""),
                "--spring.datasource.hikari.maximum-pool-size=4",
                "--spring.datasource.hikari.connection-timeout=1000",
                "--ids.node.provider=jdbc",
                "--ids.node.jdbc.table-name=" + options.get("jdbc.table"),
                "--ids.node.jdbc.create-table=false",
                "--ids.node.jdbc.lease-length=" + ChaosStore.LEASE.toMillis() + "ms",
                "--ids.node.jdbc.reclaim-grace=" + ChaosStore.GRACE.toMillis() + "ms",
                "--ids.lable.mode=time-sequential",
                "--ids.trace-id.max-wait=" + ChaosScheme.MAX_WAIT.toMillis() + "ms",
                "--ids.lable.max-wait=" + ChaosScheme.MAX_WAIT.toMillis() + "ms",
                "--ids.sno.max-wait=" + ChaosScheme.MAX_WAIT.toMillis() + "ms",
                "--ids.muid.max-wait=" + ChaosScheme.MAX_WAIT.toMillis() + "ms",
                "--logging.level.root=WARN"));
        // A configured identity (identity.<tag>=<n>, the nemesis's restart on a killed worker's identities) is the
        // scheme's identity property, which the starter holds in the store as it does a leased one.
        for (ChaosScheme scheme : ChaosScheme.values()) {
            String configured = options.get("identity." + scheme.tag());
            if (configured != null) {
                arguments.add("--ids." + identityProperty(scheme) + "=" + configured);
            }
        }
        out.println("CLAIMING at=" + System.currentTimeMillis());
        ConfigurableApplicationContext context = startWhenIdentitiesAreFree(application, arguments, out);
        List<LeasedIdentity> leased = List.copyOf(context.getBean(NodeLeases.class).leased());
        Path dir = Path.of(options.get("dir"));
        String name = options.get("name");
        Map<ChaosScheme, IdStream> streams = new EnumMap<>(ChaosScheme.class);
        for (ChaosScheme scheme : ChaosScheme.values()) {
            NodeLease lease = null;
            LongSupplier number = () -> 0;
            if (scheme.leased()) {
                lease = leased.stream().filter(identity -> identity.namespace().equals(scheme.namespace()))
                        .findFirst().orElseThrow(() -> new IllegalStateException("the starter leased no identity "
                                + "in namespace " + scheme.namespace() + ": " + leased)).lease();
                if (lease instanceof ReclaimingNodeLease reclaiming) {
                    number = reclaiming::reclaimCount;
                }
                out.println("CLAIMED scheme=" + scheme.tag() + " identity=" + lease.identity() + " mark="
                        + lease.highWaterMarkMillis() + " held=" + lease.isHeld() + " at="
                        + System.currentTimeMillis());
            }
            IdGenerator<? extends BinaryFormId> generator = context.getBean(generatorType(scheme));
            streams.put(scheme, new IdStream(scheme, lease, number, ChaosScheme.issuerOf(generator),
                    dir.resolve(name + "." + scheme.tag() + ".ids")));
        }
        IdStream.issueUntilStopped(streams, Long.parseLong(options.getOrDefault("rate", "2000")), stop, out,
                context::close);
    }

    /**
     * Starts the application; while its start-up fails because another instance holds a configured identity, starts
     * it again a second later, as an orchestrator restarts a crashed pod. That refusal is the starter keeping its
     * promise (a configured identity is never taken from a holder that renews, here the nemesis's paused predecessor
     * once it resumed); the worker's core counterpart waits in its claim the same way ({@link WorkerLeases}). A stop
     * meanwhile ends the worker as a stop during claims does.
     */
    private static ConfigurableApplicationContext startWhenIdentitiesAreFree(SpringApplication application,
            List<String> arguments, PrintWriter out) throws InterruptedException {
        while (true) {
            try {
                return application.run(arguments.toArray(String[]::new));
            } catch (RuntimeException e) {
                if (!heldByAnotherInstance(e)) {
                    throw e;
                }
                out.println("RESTARTING a held identity refused the start-up at=" + System.currentTimeMillis());
                Thread.sleep(1_000);
            }
        }
    }

    private static boolean heldByAnotherInstance(Throwable failure) {
        for (Throwable e = failure; e != null; e = e.getCause()) {
            if (e instanceof ConfiguredIdentityInUseException) {
                return true;
            }
        }
        return false;
    }

    /** A leased scheme's identity property under {@code ids.}. */
    private static String identityProperty(ChaosScheme scheme) {
        return switch (scheme) {
            case TRACE_ID -> "trace-id.node-no";
            case LABLE -> "lable.generator-id";
            case SNO -> "sno.partition";
            case MUID -> "muid.medallion";
            case GID -> throw new IllegalArgumentException("GID has no node identity");
        };
    }

    /** The bean type of a scheme's default generator. */
    private static Class<? extends IdGenerator<? extends BinaryFormId>> generatorType(ChaosScheme scheme) {
        return switch (scheme) {
            case TRACE_ID -> TraceIdGenerator.class;
            case LABLE -> LableIdGenerator.class;
            case SNO -> SnoGenerator.class;
            case MUID -> MuidGenerator.class;
            case GID -> GidGenerator.class;
        };
    }

    /** The application: the starter's auto-configuration and nothing of its own. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application {
    }
}
