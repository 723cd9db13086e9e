package dev.ids.sample.r2dbc;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The HTTP API, reactive end to end, the same three operations for each entity: {@code POST /<resource>} saves a
 * new one (the starter generates its ID inside the save, on the event loop unless the generator would have to wait),
 * {@code GET /<resource>/<id>} reads one back (the path variable binds through the starter's WebFlux converters, so
 * a malformed ID answers 400 with a problem detail), and {@code GET /<resource>?from=&to=} lists those created
 * between two instants, both included, as a range of IDs.
 */
@RestController
class SampleController {

    private final Shipments shipments;

    private final TraceEntries traces;

    private final LogRecords logs;

    private final GidGenerator logGenerator;

    SampleController(Shipments shipments, TraceEntries traces, LogRecords logs,
            @Qualifier("logs") GidGenerator logGenerator) {
        this.shipments = shipments;
        this.traces = traces;
        this.logs = logs;
        this.logGenerator = logGenerator;
    }

    @PostMapping("/shipments")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Shipment> createShipment(@RequestBody NewEntity request) {
        return shipments.save(new Shipment(null, request.label()));
    }

    @GetMapping("/shipments/{id}")
    Mono<Shipment> shipment(@PathVariable Sno id) {
        return found(shipments.findById(id), "shipment", id);
    }

    @GetMapping("/shipments")
    Flux<Shipment> shipments(@RequestParam Instant from, @RequestParam Instant to) {
        requireOrdered(from, to);
        return shipments.findByIdBetweenOrderById(bound(Sno::min, from), bound(Sno::max, to));
    }

    @PostMapping("/traces")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<TraceEntry> createTrace(@RequestBody NewEntity request) {
        return traces.save(new TraceEntry(null, request.label()));
    }

    /** The ID binds as a {@link TraceId}, so that it is checked, and is looked up as the {@code long} it holds. */
    @GetMapping("/traces/{id}")
    Mono<TraceEntry> trace(@PathVariable TraceId id) {
        return found(traces.findById(id.toLong()), "trace entry", id);
    }

    /**
     * A TraceId keeps its second modulo 2^25 (about 388 days): a range shorter than that may still cross the wrap,
     * where the IDs start again from 0, and is then two ranges of IDs.
     */
    @GetMapping("/traces")
    Flux<TraceEntry> traces(@RequestParam Instant from, @RequestParam Instant to) {
        requireOrdered(from, to);
        if (Duration.between(from, to).compareTo(TraceId.WRAP_PERIOD) >= 0) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "a TraceId time range must be shorter than "
                    + TraceId.WRAP_PERIOD.toDays() + " days");
        }
        long low = TraceId.min(from).toLong();
        long high = TraceId.max(to).toLong();
        if (low <= high) {
            return traces.findByIdBetweenOrderById(low, high);
        }
        return traces.findByIdBetweenOrderById(low, Long.MAX_VALUE)
                .concatWith(traces.findByIdBetweenOrderById(0L, high));
    }

    @PostMapping("/logs")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<LogRecord> createLog(@RequestBody NewEntity request) {
        return logs.save(new LogRecord(null, request.label()));
    }

    @GetMapping("/logs/{id}")
    Mono<LogRecord> log(@PathVariable Gid id) {
        return found(logs.findById(id), "log record", id);
    }

    /** A GID range is of one type: the type of the named generator that makes the log records' IDs. */
    @GetMapping("/logs")
    Flux<LogRecord> logs(@RequestParam Instant from, @RequestParam Instant to) {
        requireOrdered(from, to);
        return logs.findByIdBetweenOrderById(bound(instant -> Gid.min(logGenerator.type(), instant), from),
                bound(instant -> Gid.max(logGenerator.type(), instant), to));
    }

    private static <T> Mono<T> found(Mono<T> entity, String what, Object id) {
        return entity.switchIfEmpty(Mono.error(() -> new ResponseStatusException(HttpStatus.NOT_FOUND,
                "no " + what + " with id " + id)));
    }

    private static void requireOrdered(Instant from, Instant to) {
        if (from.isAfter(to)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "from (" + from + ") must not be after to (" + to + ")");
        }
    }

    /** An instant the scheme cannot express (a sno before 2010 or after 2079) is the client's mistake: 400. */
    private static <T> T bound(Function<Instant, T> bound, Instant instant) {
        try {
            return bound.apply(instant);
        } catch (IllegalArgumentException ex) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, ex.getMessage(), ex);
        }
    }

    /**
     * The body of a {@code POST}: what the client calls the new entity.
     *
     * @param label the label
     */
    record NewEntity(String label) {
    }
}
