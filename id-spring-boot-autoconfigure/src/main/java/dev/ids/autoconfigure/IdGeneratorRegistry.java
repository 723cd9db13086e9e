package dev.ids.autoconfigure;

import dev.ids.MonitoredIdGenerator;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The generators the starter made, by bean name, each with its {@link IdGeneratorStatistics}: what metrics, the
 * health indicator and the {@code ids} endpoint report on.
 */
public final class IdGeneratorRegistry {

    /** Guarded by {@link #actions}, as registrations and actions change together. */
    private final Map<String, Registration> registrations = new TreeMap<>();

    private final List<Consumer<Registration>> actions = new ArrayList<>();

    /**
     * One generator and its statistics.
     *
     * @param name the generator's bean name
     * @param generator the generator
     * @param statistics its events, counted
     */
    public record Registration(String name, MonitoredIdGenerator<?> generator, IdGeneratorStatistics statistics) {
    }

    /**
     * Registers a generator, refusing one that would share its node identity with a generator already registered:
     * two generators of one identity in one process issue the same IDs.
     *
     * @throws IdsConfigurationException naming both generators when their identities clash
     */
    void register(String name, String prefix, MonitoredIdGenerator<?> generator, IdGeneratorStatistics statistics) {
        statistics.attach(generator);
        Registration registration = new Registration(name, generator, statistics);
        List<Consumer<Registration>> toCall;
        synchronized (actions) {
            for (Registration other : registrations.values()) {
                if (NodeIdentityClash.between(generator, other.generator())) {
                    throw new IdsConfigurationException(prefix, generator.settings(), "the " + generator.scheme()
                            + " generator '" + name + "' would share its node identity with '" + other.name()
                            + "' " + other.generator().settings() + ", and the two would issue the same IDs",
                            "Give each " + generator.scheme() + " generator of this application its own node identity"
                            + " (" + NodeIdentityClash.describe(generator.scheme()) + ").");
                }
            }
            if (registrations.putIfAbsent(name, registration) != null) {
                throw new IllegalStateException("A generator named '" + name + "' is registered already");
            }
            toCall = List.copyOf(actions);
        }
        toCall.forEach(action -> action.accept(registration));
    }

    /** Whether a generator of this name is registered. */
    boolean contains(String name) {
        synchronized (actions) {
            return registrations.containsKey(name);
        }
    }

    /**
     * Calls the action for every generator registered so far and for every one registered later, once each:
     * generator beans may be created after the code that reports on them, such as a metrics binder, has run.
     *
     * @param action what to do with each registration; called on the thread that registers the generator
     */
    public void onEachRegistration(Consumer<Registration> action) {
        List<Registration> existing;
        synchronized (actions) {
            actions.add(action);
            existing = List.copyOf(registrations.values());
        }
        existing.forEach(action);
    }

    /**
     * Returns the generators made so far, by bean name.
     *
     * @return the registrations, sorted by name (a snapshot)
     */
    public Collection<Registration> registrations() {
        synchronized (actions) {
            return List.copyOf(registrations.values());
        }
    }
}
