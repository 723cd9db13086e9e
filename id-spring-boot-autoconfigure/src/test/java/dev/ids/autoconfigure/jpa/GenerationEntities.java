package dev.ids.autoconfigure.jpa;

import dev.ids.gid.Gid;
import dev.ids.hibernate.GeneratedGid;
import dev.ids.hibernate.GeneratedLableId;
import dev.ids.hibernate.GeneratedMuid;
import dev.ids.hibernate.GeneratedSno;
import dev.ids.hibernate.GeneratedTraceId;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.List;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * The entities of the generation suite: each supported attribute type of each scheme, once through the scheme's
 * annotation and once through {@code @GeneratedValue(generator = "<scheme>")}, plus a named generator and generated
 * business keys. Tables are prefixed {@code gen_} to keep them apart from other suites on the shared databases.
 */
final class GenerationEntities {

    /** The entities with one generated identifier, by scheme and attribute type. */
    static final List<Class<? extends Identified>> IDENTIFIED = List.of(TraceIdAsLong.class,
            TraceIdAsLongByName.class,
            TraceIdAsPrimitiveLong.class,
            TraceIdAsPrimitiveLongByName.class,
            TraceIdAsString.class,
            TraceIdAsStringByName.class,
            LableAsLong.class,
            LableAsLongByName.class,
            LableAsPrimitiveLong.class,
            LableAsPrimitiveLongByName.class,
            LableAsString.class,
            LableAsStringByName.class,
            GidAsUuid.class,
            GidAsUuidByName.class,
            GidAsBytes.class,
            GidAsBytesByName.class,
            GidAsString.class,
            GidAsStringByName.class,
            SnoAsBytes.class,
            SnoAsBytesByName.class,
            SnoAsString.class,
            SnoAsStringByName.class,
            MuidAsUuid.class,
            MuidAsUuidByName.class,
            MuidAsBytes.class,
            MuidAsBytesByName.class,
            MuidAsString.class,
            MuidAsStringByName.class,
            TraceIdAsValue.class,
            TraceIdAsValueByName.class,
            LableAsValue.class,
            LableAsValueByName.class,
            GidAsValue.class,
            GidAsValueByName.class,
            SnoAsValue.class,
            SnoAsValueByName.class,
            MuidAsValue.class,
            MuidAsValueByName.class);

    private GenerationEntities() {
    }

    /** An entity whose identifier the tests read without knowing its type. */
    interface Identified {

        /** Returns the identifier, as stored in the entity. */
        Object id();
    }

    /** A trace-id as Long by {@code @GeneratedTraceId}. */
    @Entity
    @Table(name = "gen_trace_id_long_a")
    public static class TraceIdAsLong implements Identified {

        @Id
        @GeneratedTraceId
        Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A trace-id as Long by {@code @GeneratedValue(generator = "trace-id")}. */
    @Entity
    @Table(name = "gen_trace_id_long_n")
    public static class TraceIdAsLongByName implements Identified {

        @Id
        @GeneratedValue(generator = "trace-id")
        Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A trace-id as long by {@code @GeneratedTraceId}. */
    @Entity
    @Table(name = "gen_trace_id_primitive_long_a")
    public static class TraceIdAsPrimitiveLong implements Identified {

        @Id
        @GeneratedTraceId
        long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A trace-id as long by {@code @GeneratedValue(generator = "trace-id")}. */
    @Entity
    @Table(name = "gen_trace_id_primitive_long_n")
    public static class TraceIdAsPrimitiveLongByName implements Identified {

        @Id
        @GeneratedValue(generator = "trace-id")
        long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A trace-id as String by {@code @GeneratedTraceId}. */
    @Entity
    @Table(name = "gen_trace_id_string_a")
    public static class TraceIdAsString implements Identified {

        @Id
        @GeneratedTraceId
        @Column(length = 19) String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A trace-id as String by {@code @GeneratedValue(generator = "trace-id")}. */
    @Entity
    @Table(name = "gen_trace_id_string_n")
    public static class TraceIdAsStringByName implements Identified {

        @Id
        @GeneratedValue(generator = "trace-id")
        @Column(length = 19) String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A lable as Long by {@code @GeneratedLableId}. */
    @Entity
    @Table(name = "gen_lable_long_a")
    public static class LableAsLong implements Identified {

        @Id
        @GeneratedLableId
        Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A lable as Long by {@code @GeneratedValue(generator = "lable")}. */
    @Entity
    @Table(name = "gen_lable_long_n")
    public static class LableAsLongByName implements Identified {

        @Id
        @GeneratedValue(generator = "lable")
        Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A lable as long by {@code @GeneratedLableId}. */
    @Entity
    @Table(name = "gen_lable_primitive_long_a")
    public static class LableAsPrimitiveLong implements Identified {

        @Id
        @GeneratedLableId
        long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A lable as long by {@code @GeneratedValue(generator = "lable")}. */
    @Entity
    @Table(name = "gen_lable_primitive_long_n")
    public static class LableAsPrimitiveLongByName implements Identified {

        @Id
        @GeneratedValue(generator = "lable")
        long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A lable as String by {@code @GeneratedLableId}. */
    @Entity
    @Table(name = "gen_lable_string_a")
    public static class LableAsString implements Identified {

        @Id
        @GeneratedLableId
        @Column(length = 16) String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A lable as String by {@code @GeneratedValue(generator = "lable")}. */
    @Entity
    @Table(name = "gen_lable_string_n")
    public static class LableAsStringByName implements Identified {

        @Id
        @GeneratedValue(generator = "lable")
        @Column(length = 16) String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A gid as UUID by {@code @GeneratedGid}. */
    @Entity
    @Table(name = "gen_gid_uuid_a")
    public static class GidAsUuid implements Identified {

        @Id
        @GeneratedGid
        UUID id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A gid as UUID by {@code @GeneratedValue(generator = "gid")}. */
    @Entity
    @Table(name = "gen_gid_uuid_n")
    public static class GidAsUuidByName implements Identified {

        @Id
        @GeneratedValue(generator = "gid")
        UUID id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A gid as byte[] by {@code @GeneratedGid}. */
    @Entity
    @Table(name = "gen_gid_bytes_a")
    public static class GidAsBytes implements Identified {

        @Id
        @GeneratedGid
        @JdbcTypeCode(SqlTypes.BINARY) @Column(length = 16) byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A gid as byte[] by {@code @GeneratedValue(generator = "gid")}. */
    @Entity
    @Table(name = "gen_gid_bytes_n")
    public static class GidAsBytesByName implements Identified {

        @Id
        @GeneratedValue(generator = "gid")
        @JdbcTypeCode(SqlTypes.BINARY) @Column(length = 16) byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A gid as String by {@code @GeneratedGid}. */
    @Entity
    @Table(name = "gen_gid_string_a")
    public static class GidAsString implements Identified {

        @Id
        @GeneratedGid
        @Column(length = 24) String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A gid as String by {@code @GeneratedValue(generator = "gid")}. */
    @Entity
    @Table(name = "gen_gid_string_n")
    public static class GidAsStringByName implements Identified {

        @Id
        @GeneratedValue(generator = "gid")
        @Column(length = 24) String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A sno as byte[] by {@code @GeneratedSno}. */
    @Entity
    @Table(name = "gen_sno_bytes_a")
    public static class SnoAsBytes implements Identified {

        @Id
        @GeneratedSno
        @JdbcTypeCode(SqlTypes.BINARY) @Column(length = 10) byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A sno as byte[] by {@code @GeneratedValue(generator = "sno")}. */
    @Entity
    @Table(name = "gen_sno_bytes_n")
    public static class SnoAsBytesByName implements Identified {

        @Id
        @GeneratedValue(generator = "sno")
        @JdbcTypeCode(SqlTypes.BINARY) @Column(length = 10) byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A sno as String by {@code @GeneratedSno}. */
    @Entity
    @Table(name = "gen_sno_string_a")
    public static class SnoAsString implements Identified {

        @Id
        @GeneratedSno
        @Column(length = 16) String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A sno as String by {@code @GeneratedValue(generator = "sno")}. */
    @Entity
    @Table(name = "gen_sno_string_n")
    public static class SnoAsStringByName implements Identified {

        @Id
        @GeneratedValue(generator = "sno")
        @Column(length = 16) String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A muid as UUID by {@code @GeneratedMuid}. */
    @Entity
    @Table(name = "gen_muid_uuid_a")
    public static class MuidAsUuid implements Identified {

        @Id
        @GeneratedMuid
        UUID id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A muid as UUID by {@code @GeneratedValue(generator = "muid")}. */
    @Entity
    @Table(name = "gen_muid_uuid_n")
    public static class MuidAsUuidByName implements Identified {

        @Id
        @GeneratedValue(generator = "muid")
        UUID id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A muid as byte[] by {@code @GeneratedMuid}. */
    @Entity
    @Table(name = "gen_muid_bytes_a")
    public static class MuidAsBytes implements Identified {

        @Id
        @GeneratedMuid
        @JdbcTypeCode(SqlTypes.BINARY) @Column(length = 16) byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A muid as byte[] by {@code @GeneratedValue(generator = "muid")}. */
    @Entity
    @Table(name = "gen_muid_bytes_n")
    public static class MuidAsBytesByName implements Identified {

        @Id
        @GeneratedValue(generator = "muid")
        @JdbcTypeCode(SqlTypes.BINARY) @Column(length = 16) byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A muid as String by {@code @GeneratedMuid}. */
    @Entity
    @Table(name = "gen_muid_string_a")
    public static class MuidAsString implements Identified {

        @Id
        @GeneratedMuid
        @Column(length = 34) String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A muid as String by {@code @GeneratedValue(generator = "muid")}. */
    @Entity
    @Table(name = "gen_muid_string_n")
    public static class MuidAsStringByName implements Identified {

        @Id
        @GeneratedValue(generator = "muid")
        @Column(length = 34) String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** The named sno generator {@code payments}, through the annotation. */
    @Entity
    @Table(name = "gen_sno_payments_a")
    public static class PaymentAnnotated implements Identified {

        @Id
        @GeneratedSno(name = "payments")
        @JdbcTypeCode(SqlTypes.BINARY)
        @Column(length = 10)
        byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** The named sno generator {@code payments}, through {@code @GeneratedValue(generator = "sno:payments")}. */
    @Entity
    @Table(name = "gen_sno_payments_n")
    public static class PaymentByName implements Identified {

        @Id
        @GeneratedValue(generator = "sno:payments")
        @Column(length = 16)
        String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** Generated business keys beside a generated identifier. */
    @Entity
    @Table(name = "gen_orders")
    public static class Order implements Identified {

        @Id
        @GeneratedValue(generator = "sno")
        @JdbcTypeCode(SqlTypes.BINARY)
        @Column(length = 10)
        byte[] id;

        @GeneratedTraceId
        @Column(name = "order_number", nullable = false, unique = true)
        Long orderNumber;

        @GeneratedMuid
        @Column(name = "order_ref", nullable = false)
        UUID reference;

        @GeneratedLableId
        @Column(name = "order_label", length = 16, nullable = false)
        String label;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A trace-id as its value type by {@code @GeneratedTraceId}. */
    @Entity
    @Table(name = "gen_trace_id_value_a")
    public static class TraceIdAsValue implements Identified {

        @Id
        @GeneratedTraceId
        TraceId id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A trace-id as its value type by {@code @GeneratedValue(generator = "trace-id")}. */
    @Entity
    @Table(name = "gen_trace_id_value_g")
    public static class TraceIdAsValueByName implements Identified {

        @Id
        @GeneratedValue(generator = "trace-id")
        TraceId id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A lable as its value type by {@code @GeneratedLableId}. */
    @Entity
    @Table(name = "gen_lable_value_a")
    public static class LableAsValue implements Identified {

        @Id
        @GeneratedLableId
        LableId id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A lable as its value type by {@code @GeneratedValue(generator = "lable")}. */
    @Entity
    @Table(name = "gen_lable_value_g")
    public static class LableAsValueByName implements Identified {

        @Id
        @GeneratedValue(generator = "lable")
        LableId id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A gid as its value type by {@code @GeneratedGid}. */
    @Entity
    @Table(name = "gen_gid_value_a")
    public static class GidAsValue implements Identified {

        @Id
        @GeneratedGid
        Gid id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A gid as its value type by {@code @GeneratedValue(generator = "gid")}. */
    @Entity
    @Table(name = "gen_gid_value_g")
    public static class GidAsValueByName implements Identified {

        @Id
        @GeneratedValue(generator = "gid")
        Gid id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A sno as its value type by {@code @GeneratedSno}. */
    @Entity
    @Table(name = "gen_sno_value_a")
    public static class SnoAsValue implements Identified {

        @Id
        @GeneratedSno
        Sno id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A sno as its value type by {@code @GeneratedValue(generator = "sno")}. */
    @Entity
    @Table(name = "gen_sno_value_g")
    public static class SnoAsValueByName implements Identified {

        @Id
        @GeneratedValue(generator = "sno")
        Sno id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A muid as its value type by {@code @GeneratedMuid}. */
    @Entity
    @Table(name = "gen_muid_value_a")
    public static class MuidAsValue implements Identified {

        @Id
        @GeneratedMuid
        Muid id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A muid as its value type by {@code @GeneratedValue(generator = "muid")}. */
    @Entity
    @Table(name = "gen_muid_value_g")
    public static class MuidAsValueByName implements Identified {

        @Id
        @GeneratedValue(generator = "muid")
        Muid id;

        @Override
        public Object id() {
            return id;
        }
    }
}
