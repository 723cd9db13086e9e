package dev.ids.jpa.app;

import org.springframework.data.jpa.repository.JpaRepository;

/** A repository of {@link AttributesEntity}. */
public interface AttributesRepository extends JpaRepository<AttributesEntity, Long> {
}
