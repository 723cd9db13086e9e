package dev.ids.etcd;

import dev.ids.node.process.LeasedIdWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The child process of {@link MultiProcessEtcdLeaseIT}: a {@link LeasedIdWriter} whose identities come from etcd.
 * Arguments as for {@link LeasedIdWriter}, plus {@code etcd.endpoints} (comma-separated), {@code etcd.prefix},
 * {@code lease.ms} and {@code grace.ms}.
 */
public final class EtcdLeasedIdWriter {

    private EtcdLeasedIdWriter() {
    }

    /**
     * Claims from etcd, generates, writes, releases.
     *
     * @param args {@code key=value} pairs
     * @throws Exception when anything fails; the exit status is then non-zero
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = LeasedIdWriter.parse(args);
        try (EtcdNodeLeaseProvider provider = EtcdNodeLeaseProvider.builder(
                List.of(options.get("etcd.endpoints").split(",")))
                .keyPrefix(options.get("etcd.prefix"))
                .leaseLength(Duration.ofMillis(Long.parseLong(options.getOrDefault("lease.ms", "3000"))))
                .reclaimGrace(Duration.ofMillis(Long.parseLong(options.getOrDefault("grace.ms", "1000"))))
                .build()) {
            LeasedIdWriter.run(options, provider, 0);
        }
        System.exit(0);
    }
}
