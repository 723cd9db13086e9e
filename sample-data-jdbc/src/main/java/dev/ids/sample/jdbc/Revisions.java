package dev.ids.sample.jdbc;

import dev.ids.muid.Muid;
import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** The {@link Revision} aggregates, by ID. */
public interface Revisions extends ListCrudRepository<Revision, Muid> {

    /**
     * Finds the aggregates whose IDs lie between two IDs, both included, in ID order.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the aggregates
     */
    List<Revision> findByIdBetweenOrderById(Muid from, Muid to);
}
