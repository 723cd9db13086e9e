package dev.ids.autoconfigure;

import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableMode;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of the ID generators, under {@code ids}: one group per scheme, each with the settings of that
 * scheme's default generator, a switch, and further generators by name. A setting left unset takes the core
 * library's default; a node identity left unset comes from a {@link NodeIdentityProvider}, from a lease
 * ({@code ids.node}, bound by {@link dev.ids.autoconfigure.node.IdsNodeProperties}), or fails the start-up.
 */
@ConfigurationProperties("ids")
public class IdsProperties {

    private final TraceId traceId = new TraceId();

    private final Lable lable = new Lable();

    private final Gid gid = new Gid();

    private final Sno sno = new Sno();

    private final Muid muid = new Muid();

    /**
     * Returns the elfo TraceId settings.
     *
     * @return the {@code ids.trace-id} group
     */
    public TraceId getTraceId() {
        return traceId;
    }

    /**
     * Returns the Lable settings.
     *
     * @return the {@code ids.lable} group
     */
    public Lable getLable() {
        return lable;
    }

    /**
     * Returns the Graft GID settings.
     *
     * @return the {@code ids.gid} group
     */
    public Gid getGid() {
        return gid;
    }

    /**
     * Returns the sno settings.
     *
     * @return the {@code ids.sno} group
     */
    public Sno getSno() {
        return sno;
    }

    /**
     * Returns the Gink muid settings.
     *
     * @return the {@code ids.muid} group
     */
    public Muid getMuid() {
        return muid;
    }

    /**
     * Returns the group of one scheme: the only list of the schemes here, as each group is typed for the metadata.
     *
     * @param scheme the scheme
     * @return its group, for example {@link #getSno()} for {@link IdScheme#SNO}
     */
    SchemeGroup<?> group(IdScheme scheme) {
        return switch (scheme) {
            case TRACE_ID -> traceId;
            case LABLE -> lable;
            case GID -> gid;
            case SNO -> sno;
            case MUID -> muid;
        };
    }

    /** Settings of an elfo TraceId generator. */
    public static class TraceId extends WaitingSchemeGroup<TraceId> {

        @Override
        @Nullable Long configuredNodeIdentity() {
            return nodeNo == null ? null : nodeNo.longValue();
        }

        @Override
        MonitoredIdGenerator<?> newGenerator(IdGeneratorFactory factory, String beanName, String prefix) {
            return factory.traceId(beanName, prefix, this);
        }

        /**
         * Node number every TraceId carries, 0 to 65535 (0 means "unknown" to elfo); distinct for every instance.
         * Required unless a node-identity provider supplies it.
         */
        private @Nullable Integer nodeNo;

        public @Nullable Integer getNodeNo() {
            return nodeNo;
        }

        public void setNodeNo(@Nullable Integer nodeNo) {
            this.nodeNo = nodeNo;
        }
    }

    /** Settings of a Lable eight-byte ID generator. */
    public static class Lable extends WaitingSchemeGroup<Lable> {

        @Override
        @Nullable Long configuredNodeIdentity() {
            return generatorId == null ? null : generatorId.longValue();
        }

        @Override
        MonitoredIdGenerator<?> newGenerator(IdGeneratorFactory factory, String beanName, String prefix) {
            return factory.lable(beanName, prefix, this);
        }

        /**
         * Generator id every ID carries, 0 to 63; distinct for every instance within a cluster. Required unless a
         * node-identity provider supplies it.
         */
        private @Nullable Integer generatorId;

        /** Cluster id every ID carries, 0 to 15. */
        private @Nullable Integer clusterId;

        /**
         * Layout of the timestamp: TIME_SEQUENTIAL (sorts by time; the starter's default, for primary keys and time
         * ranges) or SPREAD (bit-reversed, spreads keys evenly; the default of Lable's own generators and the core).
         */
        private LableMode mode = LableMode.TIME_SEQUENTIAL;

        public @Nullable Integer getGeneratorId() {
            return generatorId;
        }

        public void setGeneratorId(@Nullable Integer generatorId) {
            this.generatorId = generatorId;
        }

        public @Nullable Integer getClusterId() {
            return clusterId;
        }

        public void setClusterId(@Nullable Integer clusterId) {
            this.clusterId = clusterId;
        }

        public LableMode getMode() {
            return mode;
        }

        public void setMode(LableMode mode) {
            this.mode = mode;
        }
    }

    /** Settings of a Graft GID generator. */
    public static class Gid extends SchemeGroup<Gid> {

        @Override
        @Nullable Long configuredNodeIdentity() {
            return null;
        }

        @Override
        MonitoredIdGenerator<?> newGenerator(IdGeneratorFactory factory, String beanName, String prefix) {
            return factory.gid(beanName, prefix, this);
        }

        /** Type of the GIDs, which sets their prefix byte: VOLUME (0x80), LOG (0xA0) or SEGMENT (0xC0). */
        private @Nullable GidType type;

        /**
         * SecureRandom algorithm for the random bits, one instance per thread, for example DRBG or
         * NativePRNGNonBlocking. Unset: the core's pool of AES-CTR generators keyed from SecureRandom, shared by all
         * threads (about two per processor).
         */
        private @Nullable String randomAlgorithm;

        public @Nullable GidType getType() {
            return type;
        }

        public void setType(@Nullable GidType type) {
            this.type = type;
        }

        public @Nullable String getRandomAlgorithm() {
            return randomAlgorithm;
        }

        public void setRandomAlgorithm(@Nullable String randomAlgorithm) {
            this.randomAlgorithm = randomAlgorithm;
        }
    }

    /** Settings of a sno generator. */
    public static class Sno extends WaitingSchemeGroup<Sno> {

        @Override
        @Nullable Long configuredNodeIdentity() {
            return partition == null ? null : partition.longValue();
        }

        @Override
        MonitoredIdGenerator<?> newGenerator(IdGeneratorFactory factory, String beanName, String prefix) {
            return factory.sno(beanName, prefix, this);
        }

        /**
         * Partition every sno carries, 0 to 65535; distinct for every instance, or shared by instances with
         * disjoint sequence bounds. Required unless a node-identity provider supplies it.
         */
        private @Nullable Integer partition;

        /** First sequence number of each 4 ms unit, 0 to 65535 (a shard of the pool when instances share a partition). */
        private @Nullable Integer sequenceMin;

        /** Last sequence number of each 4 ms unit, 0 to 65535; the pool must hold at least 4 numbers. */
        private @Nullable Integer sequenceMax;

        public @Nullable Integer getPartition() {
            return partition;
        }

        public void setPartition(@Nullable Integer partition) {
            this.partition = partition;
        }

        public @Nullable Integer getSequenceMin() {
            return sequenceMin;
        }

        public void setSequenceMin(@Nullable Integer sequenceMin) {
            this.sequenceMin = sequenceMin;
        }

        public @Nullable Integer getSequenceMax() {
            return sequenceMax;
        }

        public void setSequenceMax(@Nullable Integer sequenceMax) {
            this.sequenceMax = sequenceMax;
        }
    }

    /** Settings of a Gink muid generator. */
    public static class Muid extends WaitingSchemeGroup<Muid> {

        @Override
        @Nullable Long configuredNodeIdentity() {
            return medallion;
        }

        @Override
        MonitoredIdGenerator<?> newGenerator(IdGeneratorFactory factory, String beanName, String prefix) {
            return factory.muid(beanName, prefix, this);
        }

        /**
         * Medallion every muid carries, 0 to 17592186044414; distinct for every instance. Unset: a random
         * medallion in [0x10000000000, 0x1FFFFFFFFFF], as the muid specification prescribes (logged at start-up).
         */
        private @Nullable Long medallion;

        public @Nullable Long getMedallion() {
            return medallion;
        }

        public void setMedallion(@Nullable Long medallion) {
            this.medallion = medallion;
        }
    }
}
