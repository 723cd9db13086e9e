package dev.ids.sample.orders;

import dev.ids.sno.Sno;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** Orders by sno; the time-range query runs on the primary key, which sorts by time. */
public interface OrderRepository extends JpaRepository<Order, Sno> {

    /**
     * Finds the orders whose IDs lie between two IDs, oldest first.
     *
     * @param from the lowest ID, such as {@code Sno.min(instant)}
     * @param to the highest ID, such as {@code Sno.max(instant)}
     * @return the orders
     */
    List<Order> findByIdBetweenOrderByIdAsc(Sno from, Sno to);

    /**
     * Finds the latest 50 orders, newest first.
     *
     * @return the orders
     */
    List<Order> findTop50ByOrderByIdDesc();
}
