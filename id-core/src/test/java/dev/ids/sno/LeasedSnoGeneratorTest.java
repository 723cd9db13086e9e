package dev.ids.sno;

import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.node.LeasedGeneratorContract;
import dev.ids.node.NodeLease;

/** A {@link SnoGenerator} built with a node lease. */
class LeasedSnoGeneratorTest extends LeasedGeneratorContract<Sno> {

    @Override
    protected WaitingGeneratorBuilder<?> builder(NodeLease lease) {
        return SnoGenerator.builder().lease(lease);
    }

    @Override
    protected Generator<Sno> build(WaitingGeneratorBuilder<?> builder) {
        return ((SnoGenerator.Builder) builder).build()::next;
    }

    @Override
    protected String setExplicitIdentity(WaitingGeneratorBuilder<?> builder, long identity) {
        ((SnoGenerator.Builder) builder).partition((int) identity);
        return "partition(" + identity + ")";
    }

    @Override
    protected long outOfRangeIdentity() {
        return Sno.MAX_PARTITION + 1;
    }

    @Override
    protected long identityOf(Sno id) {
        return id.partition();
    }

    @Override
    protected long startMillisOf(Sno id) {
        return id.timestamp().toEpochMilli();
    }

    @Override
    protected long endMillisOf(Sno id) {
        return startMillisOf(id) + Sno.UNIT_MILLIS - 1;
    }
}
