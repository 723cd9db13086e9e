package dev.ids.sample.volumes;

import dev.ids.gid.Gid;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** Volumes by GID, a {@code uuid} column that sorts by type, then time. */
public interface VolumeRepository extends JpaRepository<Volume, Gid> {

    /**
     * Finds the volumes whose IDs lie between two IDs, oldest first.
     *
     * @param from the lowest ID
     * @param to the highest ID
     * @return the volumes
     */
    List<Volume> findByIdBetweenOrderByIdAsc(Gid from, Gid to);

    /**
     * Finds the latest 50 volumes, newest first.
     *
     * @return the volumes
     */
    List<Volume> findTop50ByOrderByIdDesc();
}
