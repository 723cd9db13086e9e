package dev.ids.sample.volumes;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.sample.NotFound;
import dev.ids.sample.TimeRange;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/volumes}: stores volumes; Hibernate gives each a GID of the generator's type. */
@RestController
@RequestMapping("/api/volumes")
class VolumeController {

    private static final long ONE_GIB = 1L << 30;

    private final VolumeRepository volumes;

    private final GidGenerator ids;

    VolumeController(VolumeRepository volumes, GidGenerator ids) {
        this.volumes = volumes;
        this.ids = ids;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Volume create(@RequestBody(required = false) NewVolume request) {
        NewVolume volume = request != null ? request : new NewVolume(null, null);
        return volumes.save(new Volume(Objects.requireNonNullElse(volume.name(), "scratch"),
                Objects.requireNonNullElse(volume.sizeBytes(), ONE_GIB)));
    }

    @GetMapping("/{id}")
    Volume get(@PathVariable Gid id) {
        return volumes.findById(id).orElseThrow(() -> NotFound.of("volume", id));
    }

    // GIDs sort by their type's prefix first, then by time: the range bounds carry the generator's type.
    @GetMapping
    List<Volume> list(@RequestParam(required = false) Instant from, @RequestParam(required = false) Instant to) {
        return TimeRange.of(from, to)
                .map(range -> volumes.findByIdBetweenOrderByIdAsc(
                        range.lowest(at -> Gid.min(ids.type(), at)), range.highest(at -> Gid.max(ids.type(), at))))
                .orElseGet(volumes::findTop50ByOrderByIdDesc);
    }

    /**
     * The body of a new volume; every field is optional.
     *
     * @param name the volume's name, "scratch" by default
     * @param sizeBytes its size in bytes, 1 GiB by default
     */
    record NewVolume(String name, Long sizeBytes) {
    }
}
