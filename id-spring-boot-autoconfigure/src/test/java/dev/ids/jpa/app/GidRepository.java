package dev.ids.jpa.app;

import dev.ids.gid.Gid;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** A repository of {@link GidEntity}, with a range query on the ID. */
public interface GidRepository extends JpaRepository<GidEntity, Gid> {

    List<GidEntity> findByIdBetweenOrderByIdAsc(Gid from, Gid to);
}
