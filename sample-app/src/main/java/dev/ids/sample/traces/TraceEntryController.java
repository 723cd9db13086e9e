package dev.ids.sample.traces;

import dev.ids.sample.NotFound;
import dev.ids.sample.TimeRange;
import dev.ids.traceid.TraceId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
import org.springframework.web.server.ResponseStatusException;

/** {@code /api/traces}: stores trace entries; Hibernate gives each a TraceId. */
@RestController
@RequestMapping("/api/traces")
class TraceEntryController {

    private final TraceEntryRepository entries;

    TraceEntryController(TraceEntryRepository entries) {
        this.entries = entries;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    TraceEntry create(@RequestBody(required = false) NewTraceEntry request) {
        NewTraceEntry entry = request != null ? request : new NewTraceEntry(null, null);
        return entries.save(new TraceEntry(Objects.requireNonNullElse(entry.message(), "request handled"),
                Objects.requireNonNullElse(entry.level(), "INFO")));
    }

    @GetMapping("/{id}")
    TraceEntry get(@PathVariable TraceId id) {
        return entries.findById(id).orElseThrow(() -> NotFound.of("trace entry", id));
    }

    @GetMapping
    List<TraceEntry> list(@RequestParam(required = false) Instant from, @RequestParam(required = false) Instant to) {
        return TimeRange.of(from, to).map(this::between).orElseGet(entries::findTop50ByOrderByIdDesc);
    }

    // A TraceId keeps seconds modulo 2^25: a range may cross the wrap, where the IDs start again from 0, but it may
    // not be a whole window long, or IDs of different times would share its keys.
    private List<TraceEntry> between(TimeRange range) {
        if (Duration.between(range.from(), range.to()).compareTo(TraceId.WRAP_PERIOD) >= 0) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "a TraceId time range must be shorter than " + TraceId.WRAP_PERIOD.toDays() + " days");
        }
        TraceId low = range.lowest(TraceId::min);
        TraceId high = range.highest(TraceId::max);
        if (low.compareTo(high) <= 0) {
            return entries.findByIdBetweenOrderByIdAsc(low, high);
        }
        List<TraceEntry> found = new ArrayList<>(entries.findByIdBetweenOrderByIdAsc(low,
                TraceId.max(Instant.ofEpochSecond(TraceId.MAX_TIMESTAMP))));
        found.addAll(entries.findByIdBetweenOrderByIdAsc(TraceId.min(Instant.EPOCH), high));
        return found;
    }

    /**
     * The body of a new trace entry; every field is optional.
     *
     * @param message the text, "request handled" by default
     * @param level the log level, {@code INFO} by default
     */
    record NewTraceEntry(String message, String level) {
    }
}
