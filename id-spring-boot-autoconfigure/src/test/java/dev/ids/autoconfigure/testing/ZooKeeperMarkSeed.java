package dev.ids.autoconfigure.testing;

import dev.ids.IdScheme;
import dev.ids.testing.SeededLeaseRows;
import java.nio.charset.StandardCharsets;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;

/**
 * The ZooKeeper counterpart of {@link LeaseTableSeed}: creates the persistent high-water-mark znodes of a provider's
 * root with a mark a second in the past, so that a test context's claims find a mark and its generators issue at
 * once. ZooKeeper has no table: a claim reads {@code <base>/hwm/<identity>}, where the base is
 * {@code <root>/<namespace>}, or the root itself for the Lable namespace (id-zookeeper's {@code Znodes}), and a
 * claim that finds no mark starts about 20 s ahead (docs/LEASES.md, "A record that is lost"). Seeded marks are
 * listed as released identities (no holder) by the provider's rows and the {@code ids} endpoint. Marks that exist
 * are left as they are.
 */
public final class ZooKeeperMarkSeed {

    private ZooKeeperMarkSeed() {
    }

    /**
     * Seeds identities 0 to {@link LeaseTableSeed#IDENTITIES} - 1 of every scheme's namespace under a root, through a
     * client of its own.
     *
     * @param connectString the ensemble ({@code ids.node.zookeeper.connect-string})
     * @param root the provider's root path ({@code ids.node.zookeeper.root-path})
     */
    public static void seed(String connectString, String root) {
        try (CuratorFramework client = CuratorFrameworkFactory.newClient(connectString, new RetryOneTime(100))) {
            client.start();
            seed(client, root);
        }
    }

    /**
     * Seeds identities 0 to {@link LeaseTableSeed#IDENTITIES} - 1 of every scheme's namespace under a root.
     *
     * @param client a started client of the ensemble
     * @param root the provider's root path ({@code ids.node.zookeeper.root-path})
     */
    public static void seed(CuratorFramework client, String root) {
        for (IdScheme scheme : IdScheme.values()) {
            for (long identity = 0; identity < SeededLeaseRows.IDENTITIES; identity++) {
                seed(client, root, scheme.schemeName(), identity);
            }
        }
    }

    /**
     * Seeds the given identities of one namespace under a root, and no others.
     *
     * @param client a started client of the ensemble
     * @param root the provider's root path
     * @param namespace the namespace (a scheme's name; {@code lable} is laid out under the root itself)
     * @param identities the identities to give a mark
     */
    public static void seed(CuratorFramework client, String root, String namespace, long... identities) {
        String base = namespace.equals(IdScheme.LABLE.schemeName()) ? root : ZKPaths.makePath(root, namespace);
        byte[] mark = Long.toString(System.currentTimeMillis() - 1_000).getBytes(StandardCharsets.UTF_8);
        for (long identity : identities) {
            String path = ZKPaths.makePath(base, "hwm", Long.toString(identity));
            try {
                client.create().creatingParentsIfNeeded().forPath(path, mark);
            } catch (KeeperException.NodeExistsException ex) {
                // Marked already: left as it is.
            } catch (Exception ex) {
                throw new IllegalStateException("Could not seed the high-water mark " + path + ": " + ex, ex);
            }
        }
    }
}
