package dev.ids.autoconfigure.actuate;

import dev.ids.DecodedId;
import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorStatistics;
import dev.ids.autoconfigure.node.LeasedIdentity;
import dev.ids.autoconfigure.node.NodeLeases;
import dev.ids.autoconfigure.node.StoredLease;
import dev.ids.internal.Chars;
import dev.ids.internal.ExceptionMessages;
import dev.ids.node.LeaseHolder;
import dev.ids.node.NodeLease;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * The {@code ids} endpoint: lists the generators the starter made, with their settings, node identity, state and
 * counted events ({@code /actuator/ids}), decodes an ID of a given scheme into the decoded view
 * ({@code /actuator/ids/{scheme}/{id}}), decodes an ID of unknown scheme as every scheme that accepts it
 * ({@code /actuator/ids/{id}}), and lists the rows of the lease table in the namespaces this application leases
 * in ({@code /actuator/ids/leases}). An endpoint tells its operations apart only by their number of path segments,
 * so {@code leases} shares the one-segment path with decoding; no scheme accepts the word {@code leases} as an ID.
 */
@Endpoint(id = "ids")
public final class IdsEndpoint {

    /** The one path segment that lists the lease rows instead of decoding an ID. */
    public static final String LEASES = "leases";


    private final IdGeneratorRegistry generators;

    private final @Nullable NodeLeases leases;

    /** How long {@code /actuator/ids/leases} waits for the lease store before it answers with a note. */
    static final Duration LEASES_READ_TIMEOUT = Duration.ofSeconds(3);

    private final BoundedStoreRead<List<StoredLease>> leaseRead = new BoundedStoreRead<>(LEASES_READ_TIMEOUT);

    /**
     * Creates the endpoint over the generators of a registry, without a lease listing.
     *
     * @param generators the registry whose generators to list
     */
    public IdsEndpoint(IdGeneratorRegistry generators) {
        this(generators, null);
    }

    /**
     * Creates the endpoint over the generators of a registry and the leases of their node identities.
     *
     * @param generators the registry whose generators to list
     * @param leases the node leases whose store {@code /actuator/ids/leases} lists, or {@code null} for none
     */
    public IdsEndpoint(IdGeneratorRegistry generators, @Nullable NodeLeases leases) {
        this.generators = generators;
        this.leases = leases;
    }

    /**
     * Lists the generators, sorted by bean name.
     *
     * @return each generator's name, scheme, settings, state and counts
     */
    @ReadOperation
    public GeneratorsDescriptor generators() {
        return new GeneratorsDescriptor(generators.registrations().stream().map(this::describe).toList());
    }

    /**
     * Decodes an ID of the given scheme.
     *
     * @param scheme the scheme's name, for example {@code sno} or {@code trace-id}
     * @param id the ID's string form
     * @return the decoded view: scheme, canonical string, hex, timestamp and components
     * @throws InvalidEndpointRequestException naming the input when the scheme is unknown or the ID is invalid
     */
    @ReadOperation
    public DecodedId decode(@Selector String scheme, @Selector String id) {
        try {
            return IdScheme.of(scheme).decode(id);
        } catch (IllegalArgumentException ex) {
            throw new InvalidEndpointRequestException(ExceptionMessages.of(ex), ExceptionMessages.of(ex));
        }
    }

    /**
     * Answers the one-segment path: the lease rows for {@value #LEASES}, else the readings of an ID of unknown scheme.
     *
     * @param id {@value #LEASES}, or the ID's string form
     * @return {@link #leases()} or {@link #decodeAnyScheme(String)}
     * @throws InvalidEndpointRequestException naming the input and each scheme's reason when no scheme accepts it
     */
    @ReadOperation
    public OperationResponseBody select(@Selector String id) {
        return LEASES.equals(id) ? leases() : decodeAnyScheme(id);
    }

    /**
     * Lists every identity of the lease store in the namespaces this application holds identities in: its own and
     * other instances' holders, expiries and marks, as the store lists them ({@link dev.ids.node.LeaseListing}).
     * A provider of the application's that does not list its leases is not listed; the answer says so in its
     * note. A store that does not answer within {@link #LEASES_READ_TIMEOUT} is answered with a note too, and the
     * requests that arrive while its read is under way wait for that read rather than start another.
     *
     * @return the store's kind, its rows, and a note when it cannot list them
     */
    public LeasesDescriptor leases() {
        if (leases == null || !leases.isActive()) {
            return new LeasesDescriptor("none", List.of(), "no node lease store is in use");
        }
        if (!leases.listsLeases()) {
            return new LeasesDescriptor(leases.kind(), List.of(), "only a store whose provider lists its leases "
                    + "(dev.ids.node.LeaseListing) is listed here; the leases are in " + leases.description());
        }
        try {
            OptionalLong storeTime = leases.storeTimeMillis();
            Long storeNow = storeTime.isPresent() ? storeTime.getAsLong() : null;
            NodeLeases store = leases;
            return new LeasesDescriptor(leases.kind(), leaseRead.read(store::leaseRows).stream()
                    .map(row -> describe(row, storeNow)).toList(), null);
        } catch (IllegalStateException ex) {
            return new LeasesDescriptor(leases.kind(), List.of(), ex.getMessage());
        }
    }

    /**
     * Decodes an ID whose scheme is not known, as every scheme that accepts its text. Some strings are valid in more
     * than one scheme: 16 decimal digits from 2 to 9 are both a TraceId and a sno, and a Lable ID written only in
     * decimal digits is usually a TraceId too. So the answer lists each reading, in scheme order.
     *
     * @param id the ID's string form
     * @return the input, each scheme's decoded view that accepts it, and why each other scheme refused it
     * @throws InvalidEndpointRequestException naming the input and each scheme's reason when no scheme accepts it
     */
    public CandidatesDescriptor decodeAnyScheme(@Selector String id) {
        CandidatesDescriptor candidates = candidates(id);
        if (candidates.matches().isEmpty()) {
            String message = noSchemeMessage(candidates);
            throw new InvalidEndpointRequestException(message, message);
        }
        return candidates;
    }

    static CandidatesDescriptor candidates(String id) {
        List<DecodedId> matches = new ArrayList<>();
        Map<String, String> rejections = new LinkedHashMap<>();
        for (IdScheme scheme : IdScheme.values()) {
            try {
                matches.add(scheme.decode(id));
            } catch (IllegalArgumentException ex) {
                rejections.put(scheme.schemeName(), ex.getMessage());
            }
        }
        return new CandidatesDescriptor(id, matches, rejections);
    }

    static String noSchemeMessage(CandidatesDescriptor candidates) {
        String reasons = candidates.rejected().entrySet().stream()
                .map(entry -> entry.getKey() + ": " + entry.getValue()).collect(Collectors.joining("; "));
        return Chars.quote(candidates.input()) + " is not an ID of any scheme (" + IdScheme.names() + "): " + reasons;
    }

    private GeneratorDescriptor describe(IdGeneratorRegistry.Registration registration) {
        MonitoredIdGenerator<?> generator = registration.generator();
        IdGeneratorStatistics statistics = registration.statistics();
        String problem = statistics.currentProblem().orElse(null);
        CountsDescriptor counts = new CountsDescriptor(generator.generatedCount(), statistics.overflowCount(),
                statistics.regressionCount(), statistics.refusalCount(), statistics.totalWait().toString(),
                generator.lead().toString());
        return new GeneratorDescriptor(registration.name(), generator.scheme().schemeName(), generator.settings(),
                statistics.nodeIdentity().map(this::describe).orElse(null), problem == null ? "UP" : "DOWN",
                problem, counts);
    }

    private IdentityDescriptor describe(IdGeneratorStatistics.NodeIdentity identity) {
        LeasedIdentity leased = identity.leased();
        if (leased == null) {
            return new IdentityDescriptor(identity.value(), identity.source(), null);
        }
        NodeLease lease = leased.lease();
        boolean held = lease.isHeld();
        Duration remaining = lease.remaining();
        long mark = lease.highWaterMarkMillis();
        return new IdentityDescriptor(identity.value(), identity.source(), new LeaseDescriptor(leased.store(),
                leased.namespace(), leased.provider(), held, remaining.toString(),
                held ? Instant.now().plus(remaining).toString() : null, mark,
                mark == 0 ? null : Instant.ofEpochMilli(mark).toString(),
                leases == null || leases.measuresClockSkew() ? lease.clockSkew().toString() : null));
    }

    private static LeaseRowDescriptor describe(StoredLease row, @Nullable Long storeNow) {
        long expires = row.expiresAtMillis();
        Boolean expired = storeNow == null ? null : !row.released() && expires != 0 && expires < storeNow;
        long mark = row.highWaterMarkMillis();
        LeaseHolder holder = row.leaseHolder().orElse(null);
        OptionalLong process = holder == null ? OptionalLong.empty() : holder.processId();
        return new LeaseRowDescriptor(row.namespace(), row.identity(), row.holder(),
                holder == null ? null : holder.host().orElse(null), process.isPresent() ? process.getAsLong() : null,
                row.thisInstance(), row.released(), expires == 0 ? null : Instant.ofEpochMilli(expires).toString(),
                expired, mark, mark == 0 ? null : Instant.ofEpochMilli(mark).toString());
    }

    /**
     * The generators, for JSON.
     *
     * @param generators one entry per generator, sorted by bean name
     */
    public record GeneratorsDescriptor(List<GeneratorDescriptor> generators) implements OperationResponseBody {
    }

    /**
     * The readings of an ID whose scheme was not given, for JSON.
     *
     * @param input the ID as given
     * @param matches the decoded view under each scheme that accepts it, in scheme order, at least one
     * @param rejected each other scheme's name with the reason it refused the input
     */
    public record CandidatesDescriptor(String input, List<DecodedId> matches, Map<String, String> rejected)
            implements OperationResponseBody {
    }

    /**
     * One generator, for JSON.
     *
     * @param name its bean name
     * @param scheme its scheme's name
     * @param settings its node identity, mode and other settings that shape its IDs
     * @param identity its node identity and where it came from, or {@code null} when it has none (GID) or a random
     *     one (a muid medallion)
     * @param state {@code UP} while it can issue IDs, {@code DOWN} while it refuses
     * @param problem why it refuses, or {@code null} while it works
     * @param counts what it has done so far
     */
    public record GeneratorDescriptor(String name, String scheme, Map<String, Object> settings,
            @Nullable IdentityDescriptor identity, String state, @Nullable String problem, CountsDescriptor counts) {
    }

    /**
     * A generator's node identity, for JSON.
     *
     * @param value the identity, for example the sno partition
     * @param source where it came from: {@code configured} (a property), {@code provider} (a
     *     {@code NodeIdentityProvider} bean), or a lease: {@code jdbc}, {@code zookeeper}, or {@code lease} (an
     *     application's own {@code NodeLeaseProvider})
     * @param lease the lease that holds it, also for a configured or provided identity held in the lease store;
     *     {@code null} when none does
     */
    public record IdentityDescriptor(long value, String source, @Nullable LeaseDescriptor lease) {
    }

    /**
     * The lease that holds a node identity, as this instance sees it, for JSON.
     *
     * @param store the kind of store: {@code jdbc}, {@code zookeeper} or {@code lease}
     * @param namespace the namespace, the scheme's name
     * @param provider the store, described with its settings
     * @param held whether the lease holds now (the generator refuses IDs while not)
     * @param remaining the time left until the lease expires unless renewed, by this instance's reckoning, ISO-8601
     * @param expiresAt when that is, on this instance's clock; {@code null} while not held
     * @param highWaterMarkMillis the latest time IDs may have been issued for with this identity, in milliseconds
     *     since the Unix epoch; 0 when none have
     * @param highWaterMark the same as an ISO-8601 instant; {@code null} when 0
     * @param clockSkew how far this instance's clock is ahead of the store's (negative when behind), as last
     *     measured, ISO-8601; {@code null} for ZooKeeper, which does not measure it, and {@code PT0S} for a provider of
     *     the application's that does not
     */
    public record LeaseDescriptor(String store, String namespace, String provider, boolean held, String remaining,
            @Nullable String expiresAt, long highWaterMarkMillis, @Nullable String highWaterMark,
            @Nullable String clockSkew) {
    }

    /**
     * The lease store's identities in the namespaces this application leases in, for JSON.
     *
     * @param store the kind of store: {@code jdbc}, {@code zookeeper}, {@code lease} or {@code none}
     * @param leases the JDBC lease table's rows or ZooKeeper's identities, by namespace then identity; empty for
     *     other stores
     * @param note why the rows are not listed (another kind of store, none, or the store could not be read), or
     *     {@code null}
     */
    public record LeasesDescriptor(String store, List<LeaseRowDescriptor> leases, @Nullable String note)
            implements OperationResponseBody {
    }

    /**
     * One identity of the lease store (a row of the JDBC lease table, or an identity of a ZooKeeper pool), for JSON.
     *
     * @param namespace the namespace
     * @param identity the node identity
     * @param holder the latest holder: by default a random id, {@code @}, the host, {@code /pid }, the process id,
     *     on Linux {@code /} and a process token, then {@code #} and the lease number; {@code null} when the store
     *     keeps none (ZooKeeper forgets the holder of a released identity)
     * @param host the holder's host, from a holder of the default form; {@code null} for a holder id an
     *     application chose
     * @param processId the holder's process id, likewise; {@code null} when not known
     * @param thisInstance whether this application is the holder
     * @param released whether no one holds it now (JDBC: {@code expires_at} 0; ZooKeeper: no pool znode); it stays
     *     listed for its mark
     * @param expiresAt when the lease expires unless renewed, ISO-8601: on the database's clock for JDBC; for
     *     ZooKeeper, only this application's leases, on its own clock; {@code null} when released or not known
     * @param expired whether the row is not released but its expiry has passed on the database's clock (its holder
     *     stopped without releasing it, or cannot reach the database): another instance may claim it once the
     *     reclaim grace has passed too; {@code null} for ZooKeeper, whose expired sessions leave no identity behind
     * @param highWaterMarkMillis the latest time any holder may have issued IDs for, in milliseconds since the Unix
     *     epoch
     * @param highWaterMark the same as an ISO-8601 instant; {@code null} when 0
     */
    public record LeaseRowDescriptor(String namespace, long identity, @Nullable String holder, @Nullable String host,
            @Nullable Long processId, boolean thisInstance, boolean released, @Nullable String expiresAt,
            @Nullable Boolean expired, long highWaterMarkMillis, @Nullable String highWaterMark) {
    }

    /**
     * What a generator has done so far, for JSON.
     *
     * @param generated IDs issued
     * @param overflows calls that waited their turn because a time unit's sequence was used up (capacity)
     * @param regressions times the wall clock fell behind
     * @param refusals refusals to issue an ID
     * @param totalWait the time those capacity waits took, ISO-8601 ({@code PT0.004S}); waits behind a clock that
     *     stepped back or a lease's mark are in the {@code ids.wait} metric, tagged by cause
     * @param lead how far the generator's time runs ahead of the wall clock, ISO-8601
     */
    public record CountsDescriptor(long generated, long overflows, long regressions, long refusals,
            String totalWait, String lead) {
    }
}
