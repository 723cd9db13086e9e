package dev.ids.sample.r2dbc;

import dev.ids.gid.Gid;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;

/** The {@link LogRecord} entities, by ID. */
public interface LogRecords extends ReactiveCrudRepository<LogRecord, Gid> {

    /**
     * Finds the entities whose IDs lie between two IDs, both included, in ID order.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the entities
     */
    Flux<LogRecord> findByIdBetweenOrderById(Gid from, Gid to);
}
