package dev.ids.sample.orders;

import dev.ids.sample.AssignedIdEntity;
import dev.ids.sno.Sno;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** An order. Its sno is made by {@link OrderController} with the kind as metabyte; the kind is not stored twice. */
@Entity
@Table(name = "sample_orders")
public class Order extends AssignedIdEntity<Sno> {

    // The generator by name: Hibernate's own generator would call next() with metabyte 0, so the controller assigns
    // the ID with the kind's metabyte, and the generator keeps an assigned value.
    @Id
    @GeneratedValue(generator = "sno")
    private Sno id;

    private String item;

    private int quantity;

    protected Order() {
    }

    Order(Sno id, String item, int quantity) {
        this.id = id;
        this.item = item;
        this.quantity = quantity;
    }

    @Override
    public Sno getId() {
        return id;
    }

    /**
     * Returns the kind, read from the ID's metabyte.
     *
     * @return the order's kind
     */
    public OrderKind getKind() {
        return OrderKind.ofMetabyte(id.metabyte());
    }

    public String getItem() {
        return item;
    }

    public int getQuantity() {
        return quantity;
    }

    /**
     * Returns when the order was created: the time in its ID.
     *
     * @return the ID's timestamp
     */
    public Instant getCreatedAt() {
        return id.timestamp();
    }
}
