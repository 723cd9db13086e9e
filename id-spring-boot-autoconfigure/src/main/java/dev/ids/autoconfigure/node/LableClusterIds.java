package dev.ids.autoconfigure.node;

/**
 * The Lable cluster id a lease store keeps with its leases, for Lable generators whose {@code ids.lable.cluster-id}
 * is unset. The starter's ZooKeeper configuration contributes one (ZooKeeper keeps it at {@code <root>/cluster-id},
 * as Lable's own module does); without such a bean the generators use the property or Lable's default.
 */
@FunctionalInterface
public interface LableClusterIds {

    /**
     * Reads the cluster id kept with a namespace's leases.
     *
     * @param namespace the namespace the Lable generator claims its identity in, for example {@code lable}
     * @return the cluster id
     */
    long clusterId(String namespace);
}
