package dev.ids.sample.jdbc;

import dev.ids.sno.Sno;
import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** The {@link Shipment} aggregates, by ID. */
public interface Shipments extends ListCrudRepository<Shipment, Sno> {

    /**
     * Finds the aggregates whose IDs lie between two IDs, both included, in ID order.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the aggregates
     */
    List<Shipment> findByIdBetweenOrderById(Sno from, Sno to);
}
