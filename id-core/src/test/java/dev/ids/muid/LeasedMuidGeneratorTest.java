package dev.ids.muid;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.node.LeasedGeneratorContract;
import dev.ids.node.NodeLease;

/** A {@link MuidGenerator} built with a node lease. */
class LeasedMuidGeneratorTest extends LeasedGeneratorContract<Muid> {

    private MuidGenerator built;
    private MuidTransaction openTransaction;

    @Override
    protected WaitingGeneratorBuilder<?> builder(NodeLease lease) {
        return MuidGenerator.builder().lease(lease);
    }

    @Override
    protected Generator<Muid> build(WaitingGeneratorBuilder<?> builder) {
        built = ((MuidGenerator.Builder) builder).build();
        return () -> {
            Muid id = built.next();
            if (openTransaction == null) {
                openTransaction = built.beginTransaction(); // for otherEntryPointsRefuse, begun while held
            }
            return id;
        };
    }

    @Override
    protected String setExplicitIdentity(WaitingGeneratorBuilder<?> builder, long identity) {
        ((MuidGenerator.Builder) builder).medallion(identity);
        return "medallion(" + identity + ")";
    }

    @Override
    protected long outOfRangeIdentity() {
        return Muid.MAX_MEDALLION + 1;
    }

    @Override
    protected long identityOf(Muid id) {
        return id.medallion();
    }

    @Override
    protected long startMillisOf(Muid id) {
        return Math.floorDiv(id.timestampMicros(), 1000L);
    }

    @Override
    protected long endMillisOf(Muid id) {
        return startMillisOf(id);
    }

    @Override
    protected void otherEntryPointsRefuse(Generator<Muid> generator) {
        assertThatThrownBy(built::beginTransaction)
                .isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("the node identity lease is not held");
        assertThatThrownBy(openTransaction::next)
                .isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("the node identity lease is not held");
    }
}
