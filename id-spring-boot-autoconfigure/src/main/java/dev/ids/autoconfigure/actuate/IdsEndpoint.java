package dev.ids.autoconfigure.actuate;

import dev.ids.DecodedId;
import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorStatistics;
import dev.ids.internal.Chars;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * The {@code ids} endpoint: lists the generators the starter made, with their settings, state and counted events
 * ({@code /actuator/ids}), decodes an ID of a given scheme into the decoded view ({@code /actuator/ids/{scheme}/{id}})
 * and decodes an ID of unknown scheme as every scheme that accepts it ({@code /actuator/ids/{id}}).
 */
@Endpoint(id = "ids")
public final class IdsEndpoint {

    private final IdGeneratorRegistry generators;

    /**
     * Creates the endpoint over the generators of a registry.
     *
     * @param generators the registry whose generators to list
     */
    public IdsEndpoint(IdGeneratorRegistry generators) {
        this.generators = generators;
    }

    /**
     * Lists the generators, sorted by bean name.
     *
     * @return each generator's name, scheme, settings, state and counts
     */
    @ReadOperation
    public GeneratorsDescriptor generators() {
        return new GeneratorsDescriptor(generators.registrations().stream().map(IdsEndpoint::describe).toList());
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
            throw new InvalidEndpointRequestException(ex.getMessage(), ex.getMessage());
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
    @ReadOperation
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

    private static GeneratorDescriptor describe(IdGeneratorRegistry.Registration registration) {
        MonitoredIdGenerator<?> generator = registration.generator();
        IdGeneratorStatistics statistics = registration.statistics();
        String problem = statistics.currentProblem().orElse(null);
        CountsDescriptor counts = new CountsDescriptor(generator.generatedCount(), statistics.overflowCount(),
                statistics.regressionCount(), statistics.refusalCount(), statistics.totalWait().toString(),
                generator.lead().toString());
        return new GeneratorDescriptor(registration.name(), generator.scheme().schemeName(), generator.settings(),
                problem == null ? "UP" : "DOWN", problem, counts);
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
     * @param state {@code UP} while it can issue IDs, {@code DOWN} while it refuses
     * @param problem why it refuses, or {@code null} while it works
     * @param counts what it has done so far
     */
    public record GeneratorDescriptor(String name, String scheme, Map<String, Object> settings, String state,
            @Nullable String problem, CountsDescriptor counts) {
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
