package dev.ids.autoconfigure.node.memory;

import dev.ids.autoconfigure.node.ConditionalOnNodeProvider;
import dev.ids.autoconfigure.node.StarterLeaseStore;
import dev.ids.node.NodeLeaseProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** The memory store's configuration: its provider and what the starter tells of it. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnNodeProvider(MemoryLeaseStoreKind.NAME)
@ConditionalOnMissingBean(NodeLeaseProvider.class)
public class MemoryLeaseConfiguration {

    @Bean
    MemoryNodeLeaseProvider idsNodeLeaseProvider(Environment environment) {
        return new MemoryNodeLeaseProvider("down".equals(environment.getProperty(MemoryLeaseStoreKind.PROPERTY)));
    }

    @Bean
    StarterLeaseStore idsStarterLeaseStore() {
        return new StarterLeaseStore(new MemoryLeaseStoreKind(), "memory (a test store)", () -> "memory://test");
    }
}
