package dev.ids.jpa.app;

import dev.ids.muid.Muid;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity whose ID is a {@link Muid} the application assigns. */
@Entity
@Table(name = "jt_muid")
public class MuidEntity {

    @Id
    private Muid id;

    private String name;

    protected MuidEntity() {
    }

    public MuidEntity(Muid id, String name) {
        this.id = id;
        this.name = name;
    }

    public Muid getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
