package dev.ids.traceid;

import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.node.LeasedGeneratorContract;
import dev.ids.node.NodeLease;

/** A {@link TraceIdGenerator} built with a node lease. */
class LeasedTraceIdGeneratorTest extends LeasedGeneratorContract<TraceId> {

    @Override
    protected WaitingGeneratorBuilder<?> builder(NodeLease lease) {
        return TraceIdGenerator.builder().lease(lease);
    }

    @Override
    protected Generator<TraceId> build(WaitingGeneratorBuilder<?> builder) {
        return ((TraceIdGenerator.Builder) builder).build()::next;
    }

    @Override
    protected String setExplicitIdentity(WaitingGeneratorBuilder<?> builder, long identity) {
        ((TraceIdGenerator.Builder) builder).nodeNo((int) identity);
        return "nodeNo(" + identity + ")";
    }

    @Override
    protected long outOfRangeIdentity() {
        return TraceId.MAX_NODE_NO + 1;
    }

    @Override
    protected long identityOf(TraceId id) {
        return id.nodeNo();
    }

    @Override
    protected long startMillisOf(TraceId id) {
        return id.timestampNear(clock.instant()).toEpochMilli();
    }

    @Override
    protected long endMillisOf(TraceId id) {
        return startMillisOf(id) + 999;
    }
}
