package dev.ids.autoconfigure.data.jdbc;

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
import jakarta.persistence.GeneratedValue;
import java.util.List;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * The aggregates of the Spring Data JDBC suite: every scheme's ID as the value type and as each other type JPA
 * accepts for it (a 64-bit ID as Long, long and String; a 128-bit one as UUID, byte[] and String; a sno as byte[]
 * and String), generated through the scheme's annotation, some through {@code @GeneratedValue(generator = ...)}, plus
 * a named generator.
 */
final class DataJdbcAggregates {

    /** Every aggregate whose ID the suite generates, inserts and reads back. */
    static final List<Class<? extends Identified>> IDENTIFIED = List.of(
            TraceIdAsValue.class,
            TraceIdAsLong.class,
            TraceIdAsPrimitiveLong.class,
            TraceIdAsString.class,
            TraceIdAsLongByName.class,
            LableAsValue.class,
            LableAsLong.class,
            LableAsString.class,
            LableAsLongByName.class,
            GidAsValue.class,
            GidAsUuid.class,
            GidAsBytes.class,
            GidAsString.class,
            GidAsValueByName.class,
            SnoAsValue.class,
            SnoAsBytes.class,
            SnoAsString.class,
            SnoAsValueByName.class,
            MuidAsValue.class,
            MuidAsUuid.class,
            MuidAsBytes.class,
            MuidAsString.class,
            MuidAsBytesByName.class);

    private DataJdbcAggregates() {
    }

    /** Whether the aggregate's ID is a {@code java.util.UUID}. */
    static boolean hasUuidId(Class<?> type) {
        try {
            return type.getDeclaredField("id").getType() == UUID.class;
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(type.getName(), e);
        }
    }

    /** An aggregate with a generated ID. */
    interface Identified {

        /** The ID as the aggregate holds it. */
        Object id();
    }

    /** A TraceId id by {@code @GeneratedTraceId}. */
    @Table("djdbc_trace_id_value")
    static class TraceIdAsValue implements Identified {

        @Id
        @GeneratedTraceId
        TraceId id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A Long id by {@code @GeneratedTraceId}. */
    @Table("djdbc_trace_id_long")
    static class TraceIdAsLong implements Identified {

        @Id
        @GeneratedTraceId
        Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A long id by {@code @GeneratedTraceId}. */
    @Table("djdbc_trace_id_plong")
    static class TraceIdAsPrimitiveLong implements Identified {

        @Id
        @GeneratedTraceId
        long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A String id by {@code @GeneratedTraceId}. */
    @Table("djdbc_trace_id_string")
    static class TraceIdAsString implements Identified {

        @Id
        @GeneratedTraceId
        String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A Long id by {@code @GeneratedValue(generator = "trace-id")}. */
    @Table("djdbc_trace_id_long_by_name")
    static class TraceIdAsLongByName implements Identified {

        @Id
        @GeneratedValue(generator = "trace-id")
        Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A LableId id by {@code @GeneratedLableId}. */
    @Table("djdbc_lable_value")
    static class LableAsValue implements Identified {

        @Id
        @GeneratedLableId
        LableId id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A Long id by {@code @GeneratedLableId}. */
    @Table("djdbc_lable_long")
    static class LableAsLong implements Identified {

        @Id
        @GeneratedLableId
        Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A String id by {@code @GeneratedLableId}. */
    @Table("djdbc_lable_string")
    static class LableAsString implements Identified {

        @Id
        @GeneratedLableId
        String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A Long id by {@code @GeneratedValue(generator = "lable")}. */
    @Table("djdbc_lable_long_by_name")
    static class LableAsLongByName implements Identified {

        @Id
        @GeneratedValue(generator = "lable")
        Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A Gid id by {@code @GeneratedGid}. */
    @Table("djdbc_gid_value")
    static class GidAsValue implements Identified {

        @Id
        @GeneratedGid
        Gid id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A UUID id by {@code @GeneratedGid}. */
    @Table("djdbc_gid_uuid")
    static class GidAsUuid implements Identified {

        @Id
        @GeneratedGid
        UUID id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A byte[] id by {@code @GeneratedGid}. */
    @Table("djdbc_gid_bytes")
    static class GidAsBytes implements Identified {

        @Id
        @GeneratedGid
        byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A String id by {@code @GeneratedGid}. */
    @Table("djdbc_gid_string")
    static class GidAsString implements Identified {

        @Id
        @GeneratedGid
        String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A Gid id by {@code @GeneratedValue(generator = "gid")}. */
    @Table("djdbc_gid_value_by_name")
    static class GidAsValueByName implements Identified {

        @Id
        @GeneratedValue(generator = "gid")
        Gid id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A Sno id by {@code @GeneratedSno}. */
    @Table("djdbc_sno_value")
    static class SnoAsValue implements Identified {

        @Id
        @GeneratedSno
        Sno id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A byte[] id by {@code @GeneratedSno}. */
    @Table("djdbc_sno_bytes")
    static class SnoAsBytes implements Identified {

        @Id
        @GeneratedSno
        byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A String id by {@code @GeneratedSno}. */
    @Table("djdbc_sno_string")
    static class SnoAsString implements Identified {

        @Id
        @GeneratedSno
        String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A Sno id by {@code @GeneratedValue(generator = "sno")}. */
    @Table("djdbc_sno_value_by_name")
    static class SnoAsValueByName implements Identified {

        @Id
        @GeneratedValue(generator = "sno")
        Sno id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A Muid id by {@code @GeneratedMuid}. */
    @Table("djdbc_muid_value")
    static class MuidAsValue implements Identified {

        @Id
        @GeneratedMuid
        Muid id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A UUID id by {@code @GeneratedMuid}. */
    @Table("djdbc_muid_uuid")
    static class MuidAsUuid implements Identified {

        @Id
        @GeneratedMuid
        UUID id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A byte[] id by {@code @GeneratedMuid}. */
    @Table("djdbc_muid_bytes")
    static class MuidAsBytes implements Identified {

        @Id
        @GeneratedMuid
        byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A String id by {@code @GeneratedMuid}. */
    @Table("djdbc_muid_string")
    static class MuidAsString implements Identified {

        @Id
        @GeneratedMuid
        String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** A byte[] id by {@code @GeneratedValue(generator = "muid")}. */
    @Table("djdbc_muid_bytes_by_name")
    static class MuidAsBytesByName implements Identified {

        @Id
        @GeneratedValue(generator = "muid")
        byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** The named sno generator {@code payments}, through the annotation. */
    @Table("djdbc_payment_annotated")
    static class PaymentAnnotated implements Identified {

        @Id
        @GeneratedSno(name = "payments")
        Sno id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** The named sno generator {@code payments}, through {@code @GeneratedValue(generator = "sno:payments")}. */
    @Table("djdbc_payment_by_name")
    static class PaymentByName implements Identified {

        @Id
        @GeneratedValue(generator = "sno:payments")
        String id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** An immutable aggregate: the generated ID goes into a copy, made through the record's constructor. */
    @Table("djdbc_sno_record")
    record SnoRecord(@Id @GeneratedSno Sno id, String name) {
    }
}
