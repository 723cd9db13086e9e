package dev.ids.redis;

/**
 * The keys of one namespace, all under one hash tag, {@code {<prefix>:<namespace>}}, so that they share a hash slot
 * and one Lua script may touch them on a Redis Cluster:
 * <ul>
 * <li>{@code {<prefix>:<namespace>}:lease:<identity>}: the holder value of the lease on an identity, with a TTL of the
 * lease length plus the reclaim grace that the server counts; gone once released or expired;</li>
 * <li>{@code {<prefix>:<namespace>}:mark:<identity>}: the identity's high-water mark in decimal milliseconds since
 * the Unix epoch, without expiry, kept across holders;</li>
 * <li>{@code {<prefix>:<namespace>}:holders}: a hash of every identity ever claimed to its latest holder value,
 * without expiry: where a claim and a listing find the identities.</li>
 * </ul>
 *
 * @param prefix the provider's key prefix
 * @param namespace the claim's namespace
 */
record NamespaceKeys(String prefix, String namespace) {

    /** The hash tag every key of the namespace starts with. */
    String tag() {
        return "{" + prefix + ":" + namespace + "}";
    }

    /** The key holding the lease on an identity. */
    String lease(long identity) {
        return tag() + ":lease:" + identity;
    }

    /** The key keeping an identity's high-water mark. */
    String mark(long identity) {
        return tag() + ":mark:" + identity;
    }

    /** The hash of the identities ever claimed and their latest holders. */
    String holders() {
        return tag() + ":holders";
    }

    /** The keys of one identity's scripts, in the order the scripts name them. */
    String[] of(long identity) {
        return new String[] {lease(identity), mark(identity), holders()};
    }
}
