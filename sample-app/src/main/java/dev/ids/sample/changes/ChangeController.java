package dev.ids.sample.changes;

import dev.ids.muid.Muid;
import dev.ids.sample.NotFound;
import dev.ids.sample.TimeRange;
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

/** {@code /api/changes}: records the changes of a request as one muid transaction, reads them back. */
@RestController
@RequestMapping("/api/changes")
class ChangeController {

    private static final List<NewChange> DEMO = List.of(new NewChange("order", "created"),
            new NewChange("stock", "reserved"), new NewChange("invoice", "issued"));

    private final ChangeLog log;

    private final ChangeRepository changes;

    ChangeController(ChangeLog log, ChangeRepository changes) {
        this.log = log;
        this.changes = changes;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    List<Change> record(@RequestBody(required = false) NewChanges request) {
        List<NewChange> entries = request == null || request.changes() == null || request.changes().isEmpty()
                ? DEMO
                : request.changes().stream().map(NewChange::withDefaults).toList();
        return log.record(entries);
    }

    @GetMapping("/{id}")
    Change get(@PathVariable Muid id) {
        return changes.findById(id).orElseThrow(() -> NotFound.of("change", id));
    }

    @GetMapping
    List<Change> list(@RequestParam(required = false) Instant from, @RequestParam(required = false) Instant to) {
        return TimeRange.of(from, to)
                .map(range -> changes.findByIdBetweenOrderByIdAsc(range.lowest(Muid::min), range.highest(Muid::max)))
                .orElseGet(changes::findTop50ByOrderByIdDesc);
    }

    /**
     * The body of a change-log request; without changes, three demo changes are recorded.
     *
     * @param changes the changes, in order
     */
    record NewChanges(List<NewChange> changes) {
    }

    /**
     * One change; every field is optional.
     *
     * @param entity what changed, "order" by default
     * @param description how it changed, "updated" by default
     */
    record NewChange(String entity, String description) {

        NewChange withDefaults() {
            return new NewChange(Objects.requireNonNullElse(entity, "order"),
                    Objects.requireNonNullElse(description, "updated"));
        }
    }
}
