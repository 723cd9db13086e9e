package dev.ids.chaos;

import dev.ids.BinaryFormId;
import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.node.NodeLease;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.time.Duration;

/**
 * The five schemes as a chaos worker runs them: how a generator is built on a lease, how wide an ID is in the files,
 * and what the checker may expect of the IDs of one process.
 */
enum ChaosScheme {

    TRACE_ID(IdScheme.TRACE_ID, "trace", 8, true),
    LABLE(IdScheme.LABLE, "lable", 8, true),
    SNO(IdScheme.SNO, "sno", 10, true),
    MUID(IdScheme.MUID, "muid", 16, true),
    /** Random below its timestamp: no node identity, and no order within a millisecond. */
    GID(IdScheme.GID, "gid", 16, false);

    /** How long a call may wait, for the clock to pass a mark or a chunk to free: shorter than any fault. */
    static final Duration MAX_WAIT = Duration.ofSeconds(2);

    /** A supplier of one scheme's IDs. */
    @FunctionalInterface
    interface Issuer {

        /** Issues an ID, or throws the generator's refusal. */
        Issued next();
    }

    /**
     * An issued ID.
     *
     * @param bytes its binary form, sortable as unsigned bytes
     * @param stampMillis the epoch millisecond its timestamp stands for (the start of its second for a TraceId)
     */
    record Issued(byte[] bytes, long stampMillis) {
    }

    private final IdScheme scheme;
    private final String tag;
    private final int width;
    private final boolean leased;

    ChaosScheme(IdScheme scheme, String tag, int width, boolean leased) {
        this.scheme = scheme;
        this.tag = tag;
        this.width = width;
        this.leased = leased;
    }

    /** The namespace its identities are leased in: the scheme's own, as the starter leases them. */
    String namespace() {
        return scheme.schemeName();
    }

    /** The short name in file names and output lines. */
    String tag() {
        return tag;
    }

    /** Bytes per ID in the files. */
    int width() {
        return width;
    }

    /** Whether its generator needs a leased node identity (and its IDs of one process strictly increase). */
    boolean leased() {
        return leased;
    }

    /**
     * Builds a generator.
     *
     * @param lease its lease, or {@code null} for GID
     * @return its IDs as bytes, in the scheme's binary form (sortable as unsigned bytes)
     */
    Issuer issuer(NodeLease lease) {
        return issuerOf(switch (this) {
            case TRACE_ID -> TraceIdGenerator.builder().lease(lease).maxWait(MAX_WAIT).build();
            case LABLE -> LableIdGenerator.builder().lease(lease).mode(LableMode.TIME_SEQUENTIAL).maxWait(MAX_WAIT)
                    .build();
            case SNO -> SnoGenerator.builder().lease(lease).maxWait(MAX_WAIT).build();
            case MUID -> MuidGenerator.builder().lease(lease).maxWait(MAX_WAIT).build();
            case GID -> GidGenerator.builder().build();
        });
    }

    /**
     * The IDs of a generator built elsewhere (a Spring bean), as bytes with their timestamps.
     *
     * @param generator a generator of this scheme
     * @return its IDs as bytes, in the scheme's binary form (sortable as unsigned bytes)
     */
    static Issuer issuerOf(IdGenerator<? extends BinaryFormId> generator) {
        return () -> {
            BinaryFormId id = generator.next();
            return new Issued(id.toBytes(), stampMillis(id));
        };
    }

    /** The epoch millisecond an ID's timestamp stands for (the start of its second for a TraceId). */
    private static long stampMillis(BinaryFormId id) {
        if (id instanceof TraceId traceId) {
            return traceId.timestamp().toEpochMilli();
        }
        if (id instanceof LableId lableId) {
            return lableId.timestamp().toEpochMilli();
        }
        if (id instanceof Sno sno) {
            return sno.timestamp().toEpochMilli();
        }
        if (id instanceof Muid muid) {
            return muid.timestamp().toEpochMilli();
        }
        return ((Gid) id).timestamp().toEpochMilli();
    }
}
