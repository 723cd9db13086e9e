package dev.ids.jpa.app;

import dev.ids.lable.LableId;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** A repository of {@link LableIdEntity}, with a range query on the ID. */
public interface LableIdRepository extends JpaRepository<LableIdEntity, LableId> {

    List<LableIdEntity> findByIdBetweenOrderByIdAsc(LableId from, LableId to);
}
