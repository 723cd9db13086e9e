package dev.ids.jpa.app;

import dev.ids.muid.Muid;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** A repository of {@link MuidEntity}, with a range query on the ID. */
public interface MuidRepository extends JpaRepository<MuidEntity, Muid> {

    List<MuidEntity> findByIdBetweenOrderByIdAsc(Muid from, Muid to);
}
