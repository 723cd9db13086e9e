package dev.ids.autoconfigure.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Guards the lease-store seam of the starter: a store plugs in through its {@code LeaseStoreKind} and its own
 * configuration, so no class outside a store's own package names that store's classes, the starter's or its module's.
 * A new store then touches no shared class.
 */
class StoreSeamTest {

    private static final JavaClasses STARTER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("dev.ids.autoconfigure");

    @Test
    void onlyTheJdbcStoresPackageNamesTheJdbcStore() {
        noClasses().that().resideOutsideOfPackages("dev.ids.autoconfigure.node.jdbc..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.ids.node.jdbc..",
                        "dev.ids.autoconfigure.node.jdbc..")
                .check(STARTER);
    }

    @Test
    void onlyTheR2dbcStoresPackageNamesTheR2dbcStore() {
        noClasses().that().resideOutsideOfPackages("dev.ids.autoconfigure.node.r2dbc..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.ids.r2dbc..",
                        "dev.ids.autoconfigure.node.r2dbc..")
                .check(STARTER);
    }

    @Test
    void onlyTheZooKeeperStoresPackageNamesTheZooKeeperStore() {
        noClasses().that().resideOutsideOfPackages("dev.ids.autoconfigure.node.zookeeper..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.ids.zookeeper..",
                        "dev.ids.autoconfigure.node.zookeeper..", "org.apache.curator..")
                .check(STARTER);
    }

    @Test
    void onlyTheRedisStoresPackageNamesTheRedisStore() {
        noClasses().that().resideOutsideOfPackages("dev.ids.autoconfigure.node.redis..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.ids.redis..",
                        "dev.ids.autoconfigure.node.redis..", "io.lettuce..", "org.springframework.data.redis..")
                .check(STARTER);
    }

    @Test
    void onlyTheEtcdStoresPackageNamesTheEtcdStore() {
        noClasses().that().resideOutsideOfPackages("dev.ids.autoconfigure.node.etcd..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.ids.etcd..",
                        "dev.ids.autoconfigure.node.etcd..", "io.etcd..")
                .check(STARTER);
    }
}
