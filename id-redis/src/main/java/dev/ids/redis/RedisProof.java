package dev.ids.redis;

/**
 * What a Redis lease's conditional writes compare: the identity's keys and the holder value its lease key must
 * still hold.
 *
 * @param keys the namespace's keys
 * @param identity the identity
 * @param holder the holder value written at the claim, unique to the lease
 */
record RedisProof(NamespaceKeys keys, long identity, String holder) {

    /** The keys of this identity, as the scripts take them. */
    String[] scriptKeys() {
        return keys.of(identity);
    }
}
