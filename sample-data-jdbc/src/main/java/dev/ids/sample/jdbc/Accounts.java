package dev.ids.sample.jdbc;

import dev.ids.lable.LableId;
import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** The {@link Account} aggregates, by ID. */
public interface Accounts extends ListCrudRepository<Account, LableId> {

    /**
     * Finds the aggregates whose IDs lie between two IDs, both included, in ID order.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the aggregates
     */
    List<Account> findByIdBetweenOrderById(LableId from, LableId to);
}
