package dev.ids.etcd;

import static dev.ids.node.BuilderSeams.backgroundRenewal;

import dev.ids.node.NodeLeaseProvider;
import dev.ids.testing.FleetClaimContract;
import io.etcd.jetcd.Client;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A fleet of 200 claimants ({@link FleetClaimContract}, issue 38) on a 3-member etcd cluster, over 4 shared jetcd
 * clients; each claimant still makes its own range read, etcd lease and transactions.
 */
class EtcdFleetClaimTest extends FleetClaimContract {

    static final int CLAIMANTS = 200;
    static final int CLIENTS = 4;

    @Override
    protected int claimants() {
        return CLAIMANTS;
    }

    @Override
    protected int threads() {
        return CLAIMANTS;
    }

    @Override
    protected String fleetDescription() {
        return "etcd over " + CLIENTS + " clients";
    }

    @Override
    protected Class<?> providerClass() {
        return EtcdNodeLeaseProvider.class;
    }

    @Override
    protected Fleet openFleet(String keyPrefix) throws Exception {
        EtcdCluster cluster = EtcdCluster.start(3);
        List<Client> clients = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            clients.add(Client.builder().endpoints(cluster.endpoints().toArray(String[]::new)).build());
        }
        // Warm every client, as a running fleet's would be: the figure is not about loading gRPC.
        for (Client client : clients) {
            client.getKVClient().get(EtcdKeys.bytes(keyPrefix)).get(10, TimeUnit.SECONDS);
        }
        return new Fleet() {

            @Override
            public NodeLeaseProvider claimant(int index) {
                return backgroundRenewal(EtcdNodeLeaseProvider.builder(clients.get(index % CLIENTS)), false)
                        .keyPrefix(keyPrefix)
                        .holderId("claimant-" + index).build();
            }

            @Override
            public void close() throws Exception {
                clients.forEach(Client::close);
                cluster.close();
            }
        };
    }
}
