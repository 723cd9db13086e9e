package dev.ids.sample.jdbc;

import dev.ids.gid.Gid;
import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** The {@link LogRecord} aggregates, by ID. */
public interface LogRecords extends ListCrudRepository<LogRecord, Gid> {

    /**
     * Finds the aggregates whose IDs lie between two IDs, both included, in ID order.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the aggregates
     */
    List<LogRecord> findByIdBetweenOrderById(Gid from, Gid to);
}
