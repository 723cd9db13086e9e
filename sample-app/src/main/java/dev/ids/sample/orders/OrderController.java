package dev.ids.sample.orders;

import dev.ids.sample.NotFound;
import dev.ids.sample.TimeRange;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/orders}: creates orders with an sno whose metabyte is the order kind, reads them back by ID or time. */
@RestController
@RequestMapping("/api/orders")
class OrderController {

    private final OrderRepository orders;

    private final SnoGenerator ids;

    OrderController(OrderRepository orders, SnoGenerator ids) {
        this.orders = orders;
        this.ids = ids;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Order create(@RequestBody(required = false) NewOrder request) {
        NewOrder order = request != null ? request : new NewOrder(null, null, null);
        OrderKind kind = Objects.requireNonNullElse(order.kind(), OrderKind.STANDARD);
        return orders.save(new Order(ids.next(kind.metabyte()), Objects.requireNonNullElse(order.item(), "book"),
                Objects.requireNonNullElse(order.quantity(), 1)));
    }

    @GetMapping("/{id}")
    Order get(@PathVariable Sno id) {
        return orders.findById(id).orElseThrow(() -> NotFound.of("order", id));
    }

    @GetMapping
    List<Order> list(@RequestParam(required = false) Instant from, @RequestParam(required = false) Instant to) {
        return TimeRange.of(from, to)
                .map(range -> orders.findByIdBetweenOrderByIdAsc(range.lowest(Sno::min), range.highest(Sno::max)))
                .orElseGet(orders::findTop50ByOrderByIdDesc);
    }

    /**
     * The body of a new order; every field is optional.
     *
     * @param kind the kind, {@code STANDARD} by default
     * @param item what is ordered, "book" by default
     * @param quantity how many, 1 by default
     */
    record NewOrder(OrderKind kind, String item, Integer quantity) {
    }
}
