package dev.ids.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The test server itself: a restart keeps its objects and their versions, as an API server keeps them in etcd. */
class MockApiServerTest {

    @Test
    void aRestartedServerAnswersOnItsPortWithItsObjectsAndTheirVersions() throws Exception {
        try (MockApiServer server = MockApiServer.start()) {
            server.seedMarks("ids", "sno", 2);
            int port = server.port();
            List<Lease> before = leases(server);

            server.restart(Duration.ofMillis(200));

            assertThat(server.port()).isEqualTo(port);
            assertThat(leases(server)).isEqualTo(before);
            try (KubernetesClient operator = server.operator()) {
                // The version read before the restart still carries an update, and the next version follows it.
                Lease updated = operator.leases().inNamespace(MockApiServer.NAMESPACE).resource(new LeaseBuilder(
                        before.get(0)).editSpec().withHolderIdentity("after-restart#1").endSpec().build()).update();
                assertThat(Long.parseLong(updated.getMetadata().getResourceVersion())).isGreaterThan(
                        Long.parseLong(before.get(1).getMetadata().getResourceVersion()));
            }
        }
    }

    private static List<Lease> leases(MockApiServer server) {
        try (KubernetesClient operator = server.operator()) {
            return operator.leases().inNamespace(MockApiServer.NAMESPACE).list().getItems().stream()
                    .sorted((a, b) -> a.getMetadata().getName().compareTo(b.getMetadata().getName())).toList();
        }
    }
}
