package dev.ids.sample.volumes;

import dev.ids.gid.Gid;
import dev.ids.hibernate.GeneratedGid;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A stored volume, keyed by a GID that Hibernate takes from the GID generator on insert. */
@Entity
@Table(name = "sample_volumes")
public class Volume {

    @Id
    @GeneratedGid
    private Gid id;

    private String name;

    private long sizeBytes;

    protected Volume() {
    }

    Volume(String name, long sizeBytes) {
        this.name = name;
        this.sizeBytes = sizeBytes;
    }

    public Gid getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public long getSizeBytes() {
        return sizeBytes;
    }

    /**
     * Returns when the volume was created: the millisecond in its ID.
     *
     * @return the ID's timestamp
     */
    public Instant getCreatedAt() {
        return id.timestamp();
    }
}
