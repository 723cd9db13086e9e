package dev.ids.jpa.app;

import dev.ids.traceid.TraceId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity whose ID is a {@link TraceId} the application assigns. */
@Entity
@Table(name = "jt_trace")
public class TraceIdEntity {

    @Id
    private TraceId id;

    private String name;

    protected TraceIdEntity() {
    }

    public TraceIdEntity(TraceId id, String name) {
        this.id = id;
        this.name = name;
    }

    public TraceId getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
