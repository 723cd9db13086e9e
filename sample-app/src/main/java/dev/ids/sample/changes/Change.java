package dev.ids.sample.changes;

import dev.ids.hibernate.GeneratedMuid;
import dev.ids.muid.Muid;
import dev.ids.sample.AssignedIdEntity;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * One change in the change log. Its muid comes from the request's {@link dev.ids.muid.MuidTransaction}: the
 * transaction's timestamp and medallion, and offsets 1, 2, 3... in the order of the request.
 */
@Entity
@Table(name = "sample_changes")
public class Change extends AssignedIdEntity<Muid> {

    // @GeneratedMuid would give every change a muid of its own transaction; the change log assigns the muids of one
    // transaction instead, and the generator keeps an assigned value.
    @Id
    @GeneratedMuid
    private Muid id;

    private Muid transaction;

    @Column(name = "entity_name")
    private String entity;

    private String description;

    protected Change() {
    }

    Change(Muid id, Muid transaction, String entity, String description) {
        this.id = id;
        this.transaction = transaction;
        this.entity = entity;
        this.description = description;
    }

    @Override
    public Muid getId() {
        return id;
    }

    /**
     * Returns the muid of the transaction the change belongs to: same timestamp and medallion, offset 0.
     *
     * @return the transaction's muid
     */
    public Muid getTransaction() {
        return transaction;
    }

    /**
     * Returns the change's position within its transaction.
     *
     * @return 1 for the first change
     */
    public int getOffset() {
        return id.offset();
    }

    public String getEntity() {
        return entity;
    }

    public String getDescription() {
        return description;
    }

    /**
     * Returns when the change was made: the microsecond of its transaction.
     *
     * @return the ID's time
     */
    public Instant getCreatedAt() {
        return id.timestamp();
    }
}
