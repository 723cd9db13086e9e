package dev.ids.sample.jdbc;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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

/**
 * The HTTP API, the same three operations for each aggregate: {@code POST /<resource>} saves a new one (the starter
 * generates its ID), {@code GET /<resource>/<id>} reads one back (the path variable binds through the starter's
 * converters, so a malformed ID answers 400 with a problem detail), and {@code GET /<resource>?from=&to=} lists those
 * created between two instants, both included, as a range of IDs: from the scheme's lowest ID of {@code from} to its
 * highest of {@code to}.
 */
@RestController
class SampleController {

    private final Shipments shipments;

    private final TraceEntries traces;

    private final Accounts accounts;

    private final LogRecords logs;

    private final Revisions revisions;

    private final LableIdGenerator lableGenerator;

    private final GidGenerator logGenerator;

    SampleController(Shipments shipments, TraceEntries traces, Accounts accounts, LogRecords logs,
            Revisions revisions, LableIdGenerator lableGenerator, @Qualifier("logs") GidGenerator logGenerator) {
        this.shipments = shipments;
        this.traces = traces;
        this.accounts = accounts;
        this.logs = logs;
        this.revisions = revisions;
        this.lableGenerator = lableGenerator;
        this.logGenerator = logGenerator;
    }

    @PostMapping("/shipments")
    @ResponseStatus(HttpStatus.CREATED)
    Shipment createShipment(@RequestBody NewAggregate request) {
        return shipments.save(new Shipment(null, request.label()));
    }

    @GetMapping("/shipments/{id}")
    Shipment shipment(@PathVariable Sno id) {
        return found(shipments.findById(id), "shipment", id);
    }

    @GetMapping("/shipments")
    List<Shipment> shipments(@RequestParam Instant from, @RequestParam Instant to) {
        requireOrdered(from, to);
        return shipments.findByIdBetweenOrderById(bound(Sno::min, from), bound(Sno::max, to));
    }

    @PostMapping("/traces")
    @ResponseStatus(HttpStatus.CREATED)
    TraceEntry createTrace(@RequestBody NewAggregate request) {
        return traces.save(new TraceEntry(null, request.label()));
    }

    /** The ID binds as a {@link TraceId}, so that it is checked, and is looked up as the {@code long} it holds. */
    @GetMapping("/traces/{id}")
    TraceEntry trace(@PathVariable TraceId id) {
        return found(traces.findById(id.toLong()), "trace entry", id);
    }

    /**
     * A TraceId keeps its second modulo 2^25 (about 388 days): a range shorter than that may still cross the wrap,
     * where the IDs start again from 0, and is then two ranges of IDs.
     */
    @GetMapping("/traces")
    List<TraceEntry> traces(@RequestParam Instant from, @RequestParam Instant to) {
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
        List<TraceEntry> found = new ArrayList<>(traces.findByIdBetweenOrderById(low, Long.MAX_VALUE));
        found.addAll(traces.findByIdBetweenOrderById(0L, high));
        return found;
    }

    @PostMapping("/accounts")
    @ResponseStatus(HttpStatus.CREATED)
    Account createAccount(@RequestBody NewAggregate request) {
        return accounts.save(new Account(null, request.label()));
    }

    @GetMapping("/accounts/{id}")
    Account account(@PathVariable LableId id) {
        return found(accounts.findById(id), "account", id);
    }

    /** The bounds come from the generator, which knows its mode: only time-sequential Lable IDs have time ranges. */
    @GetMapping("/accounts")
    List<Account> accounts(@RequestParam Instant from, @RequestParam Instant to) {
        requireOrdered(from, to);
        return accounts.findByIdBetweenOrderById(bound(lableGenerator::min, from), bound(lableGenerator::max, to));
    }

    @PostMapping("/logs")
    @ResponseStatus(HttpStatus.CREATED)
    LogRecord createLog(@RequestBody NewAggregate request) {
        return logs.save(new LogRecord(null, request.label()));
    }

    @GetMapping("/logs/{id}")
    LogRecord log(@PathVariable Gid id) {
        return found(logs.findById(id), "log record", id);
    }

    /** A GID range is of one type: the type of the named generator that makes the log records' IDs. */
    @GetMapping("/logs")
    List<LogRecord> logs(@RequestParam Instant from, @RequestParam Instant to) {
        requireOrdered(from, to);
        return logs.findByIdBetweenOrderById(bound(instant -> Gid.min(logGenerator.type(), instant), from),
                bound(instant -> Gid.max(logGenerator.type(), instant), to));
    }

    @PostMapping("/revisions")
    @ResponseStatus(HttpStatus.CREATED)
    Revision createRevision(@RequestBody NewAggregate request) {
        return revisions.save(new Revision(null, request.label()));
    }

    @GetMapping("/revisions/{id}")
    Revision revision(@PathVariable Muid id) {
        return found(revisions.findById(id), "revision", id);
    }

    @GetMapping("/revisions")
    List<Revision> revisions(@RequestParam Instant from, @RequestParam Instant to) {
        requireOrdered(from, to);
        return revisions.findByIdBetweenOrderById(bound(Muid::min, from), bound(Muid::max, to));
    }

    private static <T> T found(Optional<T> aggregate, String what, Object id) {
        return aggregate.orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND,
                "no " + what + " with id " + id));
    }

    private static void requireOrdered(Instant from, Instant to) {
        if (from.isAfter(to)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "from (" + from + ") must not be after to (" + to + ")");
        }
    }

    /**
     * An instant the scheme cannot express (a sno before 2010 or after 2079, a Lable ID before 1970) is the client's
     * mistake: 400 with the scheme's own message.
     */
    private static <T> T bound(Function<Instant, T> bound, Instant instant) {
        try {
            return bound.apply(instant);
        } catch (IllegalArgumentException ex) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, ex.getMessage(), ex);
        }
    }

    /**
     * The body of a {@code POST}: what the client calls the new aggregate.
     *
     * @param label the label
     */
    record NewAggregate(String label) {
    }
}
