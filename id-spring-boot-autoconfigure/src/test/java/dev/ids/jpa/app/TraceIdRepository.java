package dev.ids.jpa.app;

import dev.ids.traceid.TraceId;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** A repository of {@link TraceIdEntity}, with a range query on the ID. */
public interface TraceIdRepository extends JpaRepository<TraceIdEntity, TraceId> {

    List<TraceIdEntity> findByIdBetweenOrderByIdAsc(TraceId from, TraceId to);
}
