package dev.ids.sample.r2dbc;

import dev.ids.sno.Sno;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;

/** The {@link Shipment} entities, by ID. */
public interface Shipments extends ReactiveCrudRepository<Shipment, Sno> {

    /**
     * Finds the entities whose IDs lie between two IDs, both included, in ID order.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the entities
     */
    Flux<Shipment> findByIdBetweenOrderById(Sno from, Sno to);
}
