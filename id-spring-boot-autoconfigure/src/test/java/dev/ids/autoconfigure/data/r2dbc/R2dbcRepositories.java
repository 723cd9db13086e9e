package dev.ids.autoconfigure.data.r2dbc;

import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.GidAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.LableAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.MuidAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.SnoAsValue;
import dev.ids.autoconfigure.data.r2dbc.R2dbcEntities.TraceIdAsValue;
import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;

/** Reactive repositories of the value-type entities, each with a derived query by ID range. */
final class R2dbcRepositories {

    private R2dbcRepositories() {
    }

    interface TraceIds extends ReactiveCrudRepository<TraceIdAsValue, TraceId> {

        Flux<TraceIdAsValue> findByIdBetweenOrderById(TraceId from, TraceId to);
    }

    interface LableIds extends ReactiveCrudRepository<LableAsValue, LableId> {

        Flux<LableAsValue> findByIdBetweenOrderById(LableId from, LableId to);
    }

    interface Gids extends ReactiveCrudRepository<GidAsValue, Gid> {

        Flux<GidAsValue> findByIdBetweenOrderById(Gid from, Gid to);
    }

    interface Snos extends ReactiveCrudRepository<SnoAsValue, Sno> {

        Flux<SnoAsValue> findByIdBetweenOrderById(Sno from, Sno to);
    }

    interface Muids extends ReactiveCrudRepository<MuidAsValue, Muid> {

        Flux<MuidAsValue> findByIdBetweenOrderById(Muid from, Muid to);
    }
}
