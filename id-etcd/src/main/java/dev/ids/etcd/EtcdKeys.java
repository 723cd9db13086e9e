package dev.ids.etcd;

import io.etcd.jetcd.ByteSequence;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * The keys of one namespace, all under {@code <prefix>/<namespace>/}, so that one range read lists them:
 * <ul>
 * <li>{@code <prefix>/<namespace>/lease/<identity>}: the holder value of the lease on an identity, attached to an etcd
 * lease whose TTL (the lease length plus the reclaim grace) the cluster counts; gone once released, revoked or
 * expired;</li>
 * <li>{@code <prefix>/<namespace>/mark/<identity>}: the identity's high-water mark, in milliseconds since the Unix
 * epoch as 19 decimal digits ({@link EtcdMarks}), attached to no lease, so it outlives every holder;</li>
 * <li>{@code <prefix>/<namespace>/holder/<identity>}: the latest holder value of the identity, attached to no lease:
 * what a listing shows for an identity no one holds.</li>
 * </ul>
 * A namespace has no {@code /} ({@link dev.ids.node.NodeClaim}), so the next segment after it is always one of the
 * three kinds, and a namespace's range never reaches into another's.
 *
 * @param prefix the provider's key prefix
 * @param namespace the claim's namespace
 */
record EtcdKeys(String prefix, String namespace) {

    /** The start of every key of the namespace. */
    String root() {
        return prefix + "/" + namespace + "/";
    }

    /** The start of the namespace's lease keys. */
    String leases() {
        return root() + "lease/";
    }

    /** The key holding the lease on an identity. */
    String lease(long identity) {
        return leases() + identity;
    }

    /** The key keeping an identity's high-water mark. */
    String mark(long identity) {
        return root() + "mark/" + identity;
    }

    /** The key naming an identity's latest holder. */
    String holder(long identity) {
        return root() + "holder/" + identity;
    }

    /**
     * Reads the identity a key of the namespace is about, and of which kind.
     *
     * @param key a key read under {@link #root()}
     * @return the identity and kind, or {@code null} for a key this store did not write
     */
    @Nullable Parsed parse(String key) {
        if (!key.startsWith(root())) {
            return null;
        }
        String rest = key.substring(root().length());
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return null;
        }
        String kind = rest.substring(0, slash);
        String digits = rest.substring(slash + 1);
        if (!digits.matches("0|[1-9][0-9]{0,18}")) {
            return null;
        }
        try {
            return switch (kind) {
                case "lease", "mark", "holder" -> new Parsed(kind, Long.parseLong(digits));
                default -> null;
            };
        } catch (NumberFormatException e) {
            return null; // 19 digits beyond Long.MAX_VALUE
        }
    }

    /** A key of the namespace, read back: its kind ({@code lease}, {@code mark}, {@code holder}) and identity. */
    record Parsed(String kind, long identity) {
    }

    /** A key or value as etcd takes it. */
    static ByteSequence bytes(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }

    /** A key or value etcd gave back, as text. */
    static String text(ByteSequence bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
