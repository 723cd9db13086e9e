package dev.ids.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.UnsafeLeaseStoreException.Reason;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The R2DBC store refuses, by itself and without the starter's configuration, an H2 database its leases are not
 * safe in, judged by the same rules as the JDBC store's: H2 is asked for its file path, as a ConnectionFactory does
 * not tell its URL.
 */
class H2R2dbcUnsafeStoreTest {

    private static final NodeClaim CLAIM = new NodeClaim("sno", 0, 1023);
    private static final AtomicInteger MEMORY_DATABASES = new AtomicInteger();

    @TempDir
    Path directory;

    private ConnectionFactory file(String settings) {
        // H2 takes the database part as it is, settings included, after "jdbc:h2:file:".
        return ConnectionFactories.get(ConnectionFactoryOptions.builder()
                .option(ConnectionFactoryOptions.DRIVER, "h2").option(ConnectionFactoryOptions.PROTOCOL, "file")
                .option(ConnectionFactoryOptions.DATABASE, directory.resolve("ids").toAbsolutePath()
                        + ";DB_CLOSE_DELAY=-1" + settings).build());
    }

    @Test
    void anH2FileWithAWriteDelayIsRefusedNamingWriteDelayAndTheFile() {
        R2dbcNodeLeaseProvider provider = R2dbcNodeLeaseProvider.builder(file("")).singleProcess(true).build();

        assertThatThrownBy(() -> provider.claim(CLAIM)).isInstanceOfSatisfying(UnsafeLeaseStoreException.class,
                refused -> {
                    assertThat(refused.reason()).isEqualTo(Reason.H2_WRITE_DELAY);
                    assertThat(refused.getMessage()).contains("the R2DBC ConnectionFactory for H2 (file '",
                            directory.toAbsolutePath().toString(), "write delay", "Add ;WRITE_DELAY=0");
                });
    }

    @Test
    void anH2FileThatWritesEachCommitAtOnceLeases() {
        try (NodeLease lease = R2dbcNodeLeaseProvider.builder(file(";WRITE_DELAY=0")).build().claim(CLAIM)) {
            assertThat(lease.identity()).isZero();
        }
    }

    @Test
    void h2InMemoryIsRefusedUnlessTheBuilderSaysOnlyThisProcessLeases() {
        ConnectionFactory memory = ConnectionFactories.get("r2dbc:h2:mem:///ids-r2dbc-unsafe-"
                + MEMORY_DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");

        assertThatThrownBy(() -> R2dbcNodeLeaseProvider.builder(memory).build().claim(CLAIM))
                .isInstanceOfSatisfying(UnsafeLeaseStoreException.class, refused -> {
                    assertThat(refused.reason()).isEqualTo(Reason.PRIVATE_IN_MEMORY);
                    assertThat(refused.getMessage()).contains("for H2 in memory", "singleProcess(true)");
                });
        try (NodeLease lease = R2dbcNodeLeaseProvider.builder(memory).singleProcess(true).build().claim(CLAIM)) {
            assertThat(lease.identity()).isZero();
        }
    }
}
