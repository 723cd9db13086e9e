package dev.ids.autoconfigure.node.sql;

import dev.ids.autoconfigure.node.AbstractLeaseStoreKind;
import dev.ids.node.UnsafeLeaseStoreException;

/**
 * What the starter's lease-table stores (JDBC and R2DBC) share as kinds of store: what to do when the database
 * refuses to keep leases safely ({@link UnsafeLeaseStoreException}, judged by
 * {@link dev.ids.node.sql.LeaseStoreRules}), each naming its own connection setting. The starter builds its own
 * provider with {@code singleProcess(true)} when {@code ids.node.provider} names it, so a private in-memory database
 * is refused only in auto mode, or through a provider of the application's.
 */
public abstract class SqlLeaseStoreKind extends AbstractLeaseStoreKind {

    private final String connection;

    private final String url;

    /**
     * Describes a lease-table store.
     *
     * @param name the store's name, as {@code ids.node.provider} chooses it
     * @param configuration the fully qualified name of the configuration that makes its provider
     * @param provider the fully qualified class name of its provider
     * @param howToChoose how an application gets the store
     * @param connection what to point at a shared database, for example {@code spring.datasource.url}
     * @param url where the database's URL is set, for example {@code the DataSource's URL (spring.datasource.url)}
     * @param address the same for a failure that asks to make the database reachable, for example
     *     {@code the data source's URL, spring.datasource.url}
     */
    protected SqlLeaseStoreKind(String name, String configuration, String provider, String howToChoose,
            String connection, String url, String address) {
        super(name, configuration, provider, null, howToChoose, address);
        this.connection = connection;
        this.url = url;
    }

    @Override
    public final String unsafeStoreAction(UnsafeLeaseStoreException refused, boolean auto, String identities) {
        return switch (refused.reason()) {
            case PRIVATE_IN_MEMORY -> auto
                    ? "Set ids.node.provider=" + name() + " to lease from it knowingly (a single instance, a test), "
                    + "or point " + connection + " at a database the instances share, or set "
                    + "ids.node.zookeeper.connect-string, or set the identity properties (" + identities + ") to "
                    + "values no other instance uses."
                    : "Build the application's NodeLeaseProvider with singleProcess(true) to lease from it knowingly "
                    + "(a single instance, a test), or point it at a database the instances share, or set "
                    + "ids.node.provider=static and the identity properties (" + identities + ") to values no "
                    + "other instance uses.";
            case H2_WRITE_DELAY -> "Add ;WRITE_DELAY=0 to " + url + " so that H2 writes each commit before "
                    + "acknowledging it, or keep the leases in a database server or in ZooKeeper "
                    + "(ids.node.provider=zookeeper and ids.node.zookeeper.connect-string), or set "
                    + "ids.node.provider=static and the identity properties (" + identities + ") to values no other "
                    + "instance uses.";
            case LAZY_LOG_FLUSH -> "Set innodb_flush_log_at_trx_commit to 1 on the database server (SET GLOBAL and "
                    + "its configuration file; 2 also survives a crash of the server, though not of its host), or "
                    + "keep the leases in another database or in ZooKeeper (ids.node.provider=zookeeper and "
                    + "ids.node.zookeeper.connect-string), or set ids.node.provider=static and the identity "
                    + "properties (" + identities + ") to values no other instance uses.";
            // A reason another kind of store gives: nothing a database setting of ours would change.
            default -> super.unsafeStoreAction(refused, auto, identities);
        };
    }
}
