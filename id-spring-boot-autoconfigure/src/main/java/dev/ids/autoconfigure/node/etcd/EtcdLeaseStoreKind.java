package dev.ids.autoconfigure.node.etcd;

import dev.ids.autoconfigure.node.AbstractLeaseStoreKind;
import dev.ids.autoconfigure.node.MissingStoreModule;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.Order;

/**
 * Keys in etcd attached to etcd leases whose TTL the cluster counts ({@code ids.node.provider=etcd}), the store auto
 * mode chooses when {@code ids.node.etcd.endpoints} is set, over any database, after ZooKeeper's connect string. A
 * jetcd {@code Client} bean of the application does not choose it: the provider builds clients of its own from the
 * endpoints, so that it can drop one whose connection stopped answering, and an application's client may well talk
 * to another cluster than the one meant for leases.
 */
@Order(350)
public final class EtcdLeaseStoreKind extends AbstractLeaseStoreKind {

    /** The name {@code ids.node.provider} chooses this store by. */
    public static final String NAME = "etcd";

    /** The property that says where the cluster is, and chooses it in auto mode. */
    static final String ENDPOINTS = "ids.node.etcd.endpoints";

    /** The store itself, in the optional module dev.ids:id-etcd (which brings jetcd). */
    private static final String PROVIDER = "dev.ids.etcd.EtcdNodeLeaseProvider";

    /** Creates the kind; the starter reads it from {@code META-INF/spring.factories}. */
    public EtcdLeaseStoreKind() {
        super(NAME, "dev.ids.autoconfigure.node.etcd.EtcdLeaseConfiguration", PROVIDER, ENDPOINTS,
                "with " + ENDPOINTS + " (and dev.ids:id-etcd) from etcd", ENDPOINTS);
    }

    @Override
    public MissingStoreModule requires(@Nullable ClassLoader classLoader) {
        return new MissingStoreModule(List.of(PROVIDER, "io.etcd.jetcd.Client"), "leasing node identities from etcd "
                + "needs the ids etcd module (dev.ids:id-etcd, which brings jetcd), which is not on the class path",
                "dev.ids:id-etcd", EtcdLeaseConfiguration.WAYS_OUT);
    }

    /**
     * etcd shows no clock a client could read: its leases expire by a TTL its leader counts, and no skew is
     * measured, so the endpoint neither shows one nor judges the listed expiries (an estimate on this instance's
     * clock).
     */
    @Override
    public boolean measuresClockSkew() {
        return false;
    }
}
