package dev.ids.jpa.app;

import dev.ids.sno.Sno;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** A repository of {@link SnoEntity}, with a range query on the ID. */
public interface SnoRepository extends JpaRepository<SnoEntity, Sno> {

    List<SnoEntity> findByIdBetweenOrderByIdAsc(Sno from, Sno to);
}
