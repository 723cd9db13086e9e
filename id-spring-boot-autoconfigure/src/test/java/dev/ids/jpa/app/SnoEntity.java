package dev.ids.jpa.app;

import dev.ids.sno.Sno;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity whose ID is a {@link Sno} the application assigns. */
@Entity
@Table(name = "jt_sno")
public class SnoEntity {

    @Id
    private Sno id;

    private String name;

    protected SnoEntity() {
    }

    public SnoEntity(Sno id, String name) {
        this.id = id;
        this.name = name;
    }

    public Sno getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
