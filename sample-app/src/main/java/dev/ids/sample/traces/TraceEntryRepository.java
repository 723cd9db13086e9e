package dev.ids.sample.traces;

import dev.ids.traceid.TraceId;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** Trace entries by TraceId, a {@code BIGINT} that sorts by time within its 388-day window. */
public interface TraceEntryRepository extends JpaRepository<TraceEntry, TraceId> {

    /**
     * Finds the entries whose IDs lie between two IDs, in ID order.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the entries
     */
    List<TraceEntry> findByIdBetweenOrderByIdAsc(TraceId from, TraceId to);

    /**
     * Finds the latest 50 entries, highest ID first.
     *
     * @return the entries
     */
    List<TraceEntry> findTop50ByOrderByIdDesc();
}
