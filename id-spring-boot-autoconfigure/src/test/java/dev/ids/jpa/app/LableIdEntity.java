package dev.ids.jpa.app;

import dev.ids.lable.LableId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity whose ID is a {@link LableId} the application assigns. */
@Entity
@Table(name = "jt_lable")
public class LableIdEntity {

    @Id
    private LableId id;

    private String name;

    protected LableIdEntity() {
    }

    public LableIdEntity(LableId id, String name) {
        this.id = id;
        this.name = name;
    }

    public LableId getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
