package dev.ids.sample.accounts;

import dev.ids.lable.LableId;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** Accounts by Lable ID, a {@code BIGINT} that sorts by time in time-sequential mode. */
public interface AccountRepository extends JpaRepository<Account, LableId> {

    /**
     * Finds the accounts whose IDs lie between two IDs, oldest first.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the accounts
     */
    List<Account> findByIdBetweenOrderByIdAsc(LableId from, LableId to);

    /**
     * Finds the latest 50 accounts, newest first.
     *
     * @return the accounts
     */
    List<Account> findTop50ByOrderByIdDesc();
}
