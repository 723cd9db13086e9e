package dev.ids.autoconfigure.node.memory;

import dev.ids.autoconfigure.node.LeaseStoreKind;
import dev.ids.node.NodeLeaseProvider;
import org.springframework.core.annotation.Order;

/**
 * The memory store's kind, registered in the test class path's {@code META-INF/spring.factories} as a store module
 * registers its own: chosen by {@code ids.node.provider=memory}, or in auto mode by its property.
 */
@Order(400)
public final class MemoryLeaseStoreKind implements LeaseStoreKind {

    static final String NAME = "memory";

    /** Set, it makes auto mode choose the memory store; {@code down} makes the store unreachable. */
    static final String PROPERTY = "test.memory-lease-store";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String configuration() {
        return MemoryLeaseConfiguration.class.getName();
    }

    @Override
    public String autoProperty() {
        return PROPERTY;
    }

    @Override
    public String address() {
        return PROPERTY;
    }

    @Override
    public boolean recognizes(NodeLeaseProvider provider) {
        return provider instanceof MemoryNodeLeaseProvider;
    }
}
