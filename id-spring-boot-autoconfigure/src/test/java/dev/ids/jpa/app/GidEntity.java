package dev.ids.jpa.app;

import dev.ids.gid.Gid;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity whose ID is a {@link Gid} the application assigns. */
@Entity
@Table(name = "jt_gid")
public class GidEntity {

    @Id
    private Gid id;

    private String name;

    protected GidEntity() {
    }

    public GidEntity(Gid id, String name) {
        this.id = id;
        this.name = name;
    }

    public Gid getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
