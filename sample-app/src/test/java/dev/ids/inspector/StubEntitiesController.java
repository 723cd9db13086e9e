package dev.ids.inspector;

import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidGenerator;
import dev.ids.muid.MuidTransaction;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Answers {@code POST /api/R} the way the sample application's REST contract says (201 and the entity as JSON, an
 * array for {@code changes}), without storing anything: only what the page needs.
 */
@RestController
@RequestMapping("/api")
class StubEntitiesController {

    private final SnoGenerator orders;
    private final TraceIdGenerator traces;
    private final LableIdGenerator accounts;
    private final GidGenerator volumes;
    private final MuidGenerator changes;

    StubEntitiesController(SnoGenerator orders, TraceIdGenerator traces, LableIdGenerator accounts,
            GidGenerator volumes, MuidGenerator changes) {
        this.orders = orders;
        this.traces = traces;
        this.accounts = accounts;
        this.volumes = volumes;
        this.changes = changes;
    }

    @PostMapping("/orders")
    @ResponseStatus(HttpStatus.CREATED)
    Map<String, Object> order() {
        return entity(orders.next());
    }

    @PostMapping("/traces")
    @ResponseStatus(HttpStatus.CREATED)
    Map<String, Object> trace() {
        return entity(traces.next());
    }

    @PostMapping("/accounts")
    @ResponseStatus(HttpStatus.CREATED)
    Map<String, Object> account() {
        return entity(accounts.next());
    }

    @PostMapping("/volumes")
    @ResponseStatus(HttpStatus.CREATED)
    Map<String, Object> volume() {
        return entity(volumes.next());
    }

    @PostMapping("/changes")
    @ResponseStatus(HttpStatus.CREATED)
    List<Map<String, Object>> change() {
        MuidTransaction transaction = changes.beginTransaction();
        return List.of(entity(transaction.next()), entity(transaction.next()));
    }

    private static Map<String, Object> entity(Object id) {
        Map<String, Object> entity = new LinkedHashMap<>();
        entity.put("id", id.toString());
        entity.put("createdAt", Instant.now().toString());
        return entity;
    }
}
