package dev.ids.lable;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.node.LeasedGeneratorContract;
import dev.ids.node.NodeLease;

/** A {@link LableIdGenerator} built with a node lease. */
class LeasedLableIdGeneratorTest extends LeasedGeneratorContract<LableId> {

    private LableIdGenerator built;

    @Override
    protected WaitingGeneratorBuilder<?> builder(NodeLease lease) {
        return LableIdGenerator.builder().clusterId(3).lease(lease);
    }

    @Override
    protected Generator<LableId> build(WaitingGeneratorBuilder<?> builder) {
        built = ((LableIdGenerator.Builder) builder).build();
        return built::next;
    }

    @Override
    protected String setExplicitIdentity(WaitingGeneratorBuilder<?> builder, long identity) {
        ((LableIdGenerator.Builder) builder).generatorId((int) identity);
        return "generatorId(" + identity + ")";
    }

    @Override
    protected long outOfRangeIdentity() {
        return LableId.MAX_GENERATOR_ID + 1;
    }

    @Override
    protected long identityOf(LableId id) {
        return id.generatorId();
    }

    @Override
    protected long startMillisOf(LableId id) {
        return id.timestampMillis();
    }

    @Override
    protected long endMillisOf(LableId id) {
        return id.timestampMillis();
    }

    @Override
    protected void otherEntryPointsRefuse(Generator<LableId> generator) {
        assertThatThrownBy(() -> built.next(100))
                .isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("the node identity lease is not held");
    }
}
