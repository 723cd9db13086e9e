package dev.ids.sample.traces;

import dev.ids.hibernate.GeneratedTraceId;
import dev.ids.traceid.TraceId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A log line of a traced request, keyed by a TraceId that Hibernate takes from the TraceId generator on insert. */
@Entity
@Table(name = "sample_trace_entries")
public class TraceEntry {

    @Id
    @GeneratedTraceId
    private TraceId id;

    private String message;

    @Column(name = "log_level")
    private String level;

    protected TraceEntry() {
    }

    TraceEntry(String message, String level) {
        this.message = message;
        this.level = level;
    }

    public TraceId getId() {
        return id;
    }

    public String getMessage() {
        return message;
    }

    public String getLevel() {
        return level;
    }

    /**
     * Returns when the entry was created: the second in its ID, resolved against now (a TraceId keeps its time
     * modulo 2^25 seconds).
     *
     * @return the ID's time
     */
    public Instant getCreatedAt() {
        return id.timestamp();
    }
}
