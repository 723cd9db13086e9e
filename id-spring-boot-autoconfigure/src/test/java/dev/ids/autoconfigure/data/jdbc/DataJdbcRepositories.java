package dev.ids.autoconfigure.data.jdbc;

import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.GidAsValue;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.LableAsValue;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.MuidAsValue;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.SnoAsValue;
import dev.ids.autoconfigure.data.jdbc.DataJdbcAggregates.TraceIdAsValue;
import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.util.List;
import org.springframework.data.repository.CrudRepository;

/** Repositories of the value-type aggregates, each with a derived query by ID range. */
final class DataJdbcRepositories {

    private DataJdbcRepositories() {
    }

    interface TraceIds extends CrudRepository<TraceIdAsValue, TraceId> {

        List<TraceIdAsValue> findByIdBetweenOrderById(TraceId from, TraceId to);
    }

    interface LableIds extends CrudRepository<LableAsValue, LableId> {

        List<LableAsValue> findByIdBetweenOrderById(LableId from, LableId to);
    }

    interface Gids extends CrudRepository<GidAsValue, Gid> {

        List<GidAsValue> findByIdBetweenOrderById(Gid from, Gid to);
    }

    interface Snos extends CrudRepository<SnoAsValue, Sno> {

        List<SnoAsValue> findByIdBetweenOrderById(Sno from, Sno to);
    }

    interface Muids extends CrudRepository<MuidAsValue, Muid> {

        List<MuidAsValue> findByIdBetweenOrderById(Muid from, Muid to);
    }
}
