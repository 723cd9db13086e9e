package dev.ids.autoconfigure;

import dev.ids.MonitoredIdGenerator;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The generators the starter made, by bean name, each with its {@link IdGeneratorStatistics}: what metrics, the
 * health indicator and the {@code ids} endpoint report on.
 */
public final class IdGeneratorRegistry {

    private final Map<String, Registration> registrations = new ConcurrentSkipListMap<>();

    /**
     * One generator and its statistics.
     *
     * @param name the generator's bean name
     * @param generator the generator
     * @param statistics its events, counted
     */
    public record Registration(String name, MonitoredIdGenerator<?> generator, IdGeneratorStatistics statistics) {
    }

    void register(String name, MonitoredIdGenerator<?> generator, IdGeneratorStatistics statistics) {
        statistics.attach(generator);
        registrations.put(name, new Registration(name, generator, statistics));
    }

    /**
     * Returns the generators made so far, by bean name.
     *
     * @return the registrations, sorted by name
     */
    public Collection<Registration> registrations() {
        return Collections.unmodifiableCollection(registrations.values());
    }
}
