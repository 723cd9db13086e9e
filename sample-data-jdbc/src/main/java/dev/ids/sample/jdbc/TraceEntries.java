package dev.ids.sample.jdbc;

import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** The {@link TraceEntry} aggregates, by ID. */
public interface TraceEntries extends ListCrudRepository<TraceEntry, Long> {

    /**
     * Finds the aggregates whose IDs lie between two IDs, both included, in ID order.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the aggregates
     */
    List<TraceEntry> findByIdBetweenOrderById(Long from, Long to);
}
