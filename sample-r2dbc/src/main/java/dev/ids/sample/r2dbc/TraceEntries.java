package dev.ids.sample.r2dbc;

import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;

/** The {@link TraceEntry} entities, by the {@code long} of their TraceId. */
public interface TraceEntries extends ReactiveCrudRepository<TraceEntry, Long> {

    /**
     * Finds the entities whose IDs lie between two IDs, both included, in ID order.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the entities
     */
    Flux<TraceEntry> findByIdBetweenOrderById(long from, long to);
}
