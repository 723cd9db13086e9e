package dev.ids.chaos;

import java.util.ArrayList;
import java.util.List;

/**
 * A store whose workers run the Spring Boot starter ({@link StarterWorker}) instead of the core alone: the same store,
 * the same schedule and checks, another entry point.
 */
final class StarterChaosStore implements ChaosStore {

    private final ChaosStore store;

    StarterChaosStore(ChaosStore store) {
        this.store = store;
    }

    @Override
    public String name() {
        return store.name() + " through the Spring Boot starter";
    }

    @Override
    public int port() {
        return store.port();
    }

    @Override
    public List<String> arguments(int port) {
        List<String> arguments = new ArrayList<>(store.arguments(port));
        arguments.add("via=starter");
        return arguments;
    }

    @Override
    public String restart() throws Exception {
        return store.restart();
    }

    @Override
    public void close() throws Exception {
        store.close();
    }
}
