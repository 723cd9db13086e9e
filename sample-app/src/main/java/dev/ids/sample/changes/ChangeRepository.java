package dev.ids.sample.changes;

import dev.ids.muid.Muid;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** Changes by muid, a {@code uuid} column that sorts by time, then medallion, then offset. */
public interface ChangeRepository extends JpaRepository<Change, Muid> {

    /**
     * Finds the changes whose IDs lie between two IDs, oldest first.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the changes
     */
    List<Change> findByIdBetweenOrderByIdAsc(Muid from, Muid to);

    /**
     * Finds the latest 50 changes, newest first.
     *
     * @return the changes
     */
    List<Change> findTop50ByOrderByIdDesc();
}
