package dev.ids.redis;

/**
 * The Lua scripts of the Redis lease store. Each takes an identity's keys ({@link NamespaceKeys#of}: the lease key,
 * the mark key and the namespace's holders hash) and runs atomically on the server, so that the condition and the
 * write are one step: the claim is a {@code SET NX PX}, and every later write first compares the lease key with the
 * holder value. Each answers with the server's time ({@code TIME}, in milliseconds) where the lease measures the
 * clock skew. Marks are compared as numbers and returned as integers (milliseconds since the epoch are exact in Lua's
 * doubles); they are stored as the decimal text the client sent.
 */
final class LeaseScripts {

    /** Lua: the server's time in milliseconds since the epoch. */
    private static final String NOW = "local t = redis.call('TIME') "
            + "local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) ";

    /**
     * Takes an identity: ARGV holder, identity, TTL in ms. Answers {@code {1, mark, now}} (mark -1 when none) or
     * {@code {0}} when another lease holds the key.
     */
    static final String CLAIM = "if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[3]) then "
            + "return {0} end "
            + "redis.call('HSET', KEYS[3], ARGV[2], ARGV[1]) "
            + NOW
            + "local mark = redis.call('GET', KEYS[2]) "
            + "if mark then return {1, tonumber(mark), now} end "
            + "return {1, -1, now}";

    /**
     * Renews: ARGV holder, TTL in ms. Answers {@code {1, now}}, or {@code {0, now, holder}} when the key names
     * another holder ({@code ''} when it is gone).
     */
    static final String RENEW = NOW
            + "local holder = redis.call('GET', KEYS[1]) "
            + "if holder ~= ARGV[1] then return {0, now, holder or ''} end "
            + "redis.call('PEXPIRE', KEYS[1], ARGV[2]) "
            + "return {1, now}";

    /**
     * Raises the mark, never lowering it: ARGV holder, mark. Answers {@code {1, stored mark}}, or
     * {@code {0, 0, holder}} when the key names another holder ({@code ''} when it is gone).
     */
    static final String MARK = "local holder = redis.call('GET', KEYS[1]) "
            + "if holder ~= ARGV[1] then return {0, 0, holder or ''} end "
            + "local stored = tonumber(redis.call('GET', KEYS[2]) or '-1') "
            + "if tonumber(ARGV[2]) > stored then redis.call('SET', KEYS[2], ARGV[2]) return {1, tonumber(ARGV[2])} end "
            + "return {1, stored}";

    /**
     * Releases: ARGV holder, the mark to store first or -1. Deletes the lease key and answers {@code {1, mark}} (-1
     * when none); when the key names another holder, {@code {0, -1}}; when it is gone, {@code {0, mark}}, as no
     * write of this lease can change the mark any more.
     */
    static final String RELEASE = "local holder = redis.call('GET', KEYS[1]) "
            + "if holder == ARGV[1] then "
            + "if tonumber(ARGV[2]) >= 0 then redis.call('SET', KEYS[2], ARGV[2]) end "
            + "redis.call('DEL', KEYS[1]) "
            + "elseif holder then return {0, -1} end "
            + "local mark = redis.call('GET', KEYS[2]) "
            + "return {holder and 1 or 0, mark and tonumber(mark) or -1}";

    /**
     * Reads which identities of a range are taken: KEYS the holders hash; ARGV the prefix of the lease keys
     * ({@code {<prefix>:<namespace>}:lease:}), min and max. Answers the identities among those ever claimed whose lease
     * key exists (held, or expired less than the grace ago). The lease keys it reads are not declared, as a claim does
     * not know them before; they share the holders hash's hash tag, so a Cluster node serves them all.
     */
    static final String TAKEN = "local taken = {} "
            + "local min = tonumber(ARGV[2]) local max = tonumber(ARGV[3]) "
            + "for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do "
            + "local identity = tonumber(field) "
            + "if identity and identity >= min and identity <= max "
            + "and redis.call('EXISTS', ARGV[1] .. field) == 1 then taken[#taken + 1] = identity end "
            + "end "
            + "return taken";

    /**
     * Lists identities for an operator: KEYS are the holders hash, then each identity's lease and mark key. Answers
     * the server's time, then per identity the lease's holder ({@code ''} when not held), the instant its key
     * expires in ms since the epoch ({@code PEXPIRETIME}, Redis 7: the same on every read until the holder renews,
     * as a takeover's judgement needs; negative when not held) and its mark (-1 when none).
     */
    static final String LIST = NOW
            + "local out = {now} "
            + "for i = 2, #KEYS, 2 do "
            + "out[#out + 1] = redis.call('GET', KEYS[i]) or '' "
            + "out[#out + 1] = redis.call('PEXPIRETIME', KEYS[i]) "
            + "local mark = redis.call('GET', KEYS[i + 1]) "
            + "out[#out + 1] = mark and tonumber(mark) or -1 "
            + "end "
            + "return out";

    /**
     * Takes an identity from the holder judged: ARGV the judged holder, the judged expiry instant of its key (ms),
     * the silence in ms, the TTL, the new holder, the identity. Only while the key still names that holder with that
     * expiry, and the holder has not renewed for the silence had its TTL been this one: then answers like
     * {@link #CLAIM}; otherwise {@code {0}}.
     */
    static final String TAKE_OVER = "local holder = redis.call('GET', KEYS[1]) "
            + "if holder ~= ARGV[1] then return {0} end "
            + "local expires = redis.call('PEXPIRETIME', KEYS[1]) "
            + "if expires ~= tonumber(ARGV[2]) then return {0} end "
            + NOW
            + "if expires - tonumber(ARGV[4]) > now - tonumber(ARGV[3]) then return {0} end "
            + "redis.call('SET', KEYS[1], ARGV[5], 'PX', ARGV[4]) "
            + "redis.call('HSET', KEYS[3], ARGV[6], ARGV[5]) "
            + "local mark = redis.call('GET', KEYS[2]) "
            + "if mark then return {1, tonumber(mark), now} end "
            + "return {1, -1, now}";

    private LeaseScripts() {
    }
}
