package dev.ids.sample.changes;

import dev.ids.muid.MuidGenerator;
import dev.ids.muid.MuidTransaction;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Records the changes of one request as one muid transaction, in one database transaction. */
@Service
class ChangeLog {

    private final ChangeRepository changes;

    private final MuidGenerator muids;

    ChangeLog(ChangeRepository changes, MuidGenerator muids) {
        this.changes = changes;
        this.muids = muids;
    }

    /**
     * Stores changes under one muid transaction: offsets 1 to n in the order given.
     *
     * @param entries what changed, in order
     * @return the stored changes
     */
    @Transactional
    public List<Change> record(List<ChangeController.NewChange> entries) {
        MuidTransaction transaction = muids.beginTransaction();
        List<Change> recorded = new ArrayList<>(entries.size());
        for (ChangeController.NewChange entry : entries) {
            recorded.add(new Change(transaction.next(), transaction.id(), entry.entity(), entry.description()));
        }
        return changes.saveAll(recorded);
    }
}
