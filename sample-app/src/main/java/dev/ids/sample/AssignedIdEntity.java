package dev.ids.sample;

import com.fasterxml.jackson.annotation.JsonIgnore;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Transient;
import org.springframework.data.domain.Persistable;

/**
 * Base of the entities whose ID the application assigns before saving (an sno with a chosen metabyte, the muids of
 * one transaction). The ID attribute still carries its generator annotation, which keeps an assigned value; this
 * class only tells Spring Data that such an entity is new, so that {@code save} inserts it instead of looking it up
 * first.
 *
 * @param <ID> the ID type
 */
@MappedSuperclass
public abstract class AssignedIdEntity<ID> implements Persistable<ID> {

    @Transient
    private boolean stored;

    /**
     * Tells whether the entity has not been inserted or loaded yet.
     *
     * @return {@code true} before the insert
     */
    @Override
    @JsonIgnore
    public boolean isNew() {
        return !stored;
    }

    @PostPersist
    @PostLoad
    void markStored() {
        stored = true;
    }
}
