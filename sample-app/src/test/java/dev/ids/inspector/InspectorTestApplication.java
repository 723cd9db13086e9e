package dev.ids.inspector;

import dev.ids.node.NodeLeaseProvider;
import dev.ids.testing.FakeNodeLease;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;

/**
 * A stand-in for the sample application while the page is tested on its own: the starter, the static page, the
 * Actuator and {@link StubEntitiesController}'s {@code POST /api/...} answers. Kept outside {@code dev.ids.sample} so
 * the real application's component scan never sees it. The sno partition is leased (from a fake store) so that the
 * lease metrics exist.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(StubEntitiesController.class)
@PropertySource("classpath:inspector-stub.properties")
public class InspectorTestApplication {

    @Bean
    NodeLeaseProvider fakeNodeLeases() {
        return claim -> new FakeNodeLease(claim.min());
    }
}
