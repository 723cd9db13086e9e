package dev.ids.autoconfigure.data.r2dbc;

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
 * The entities of the Spring Data R2DBC suite: every scheme's ID as its value type, and as other types JPA accepts
 * for it (a 64-bit ID as Long and String, a 128-bit one as UUID and byte[], a sno as byte[] and String), generated
 * through the scheme's annotation or {@code @GeneratedValue(generator = ...)}; a named generator; a record.
 */
final class R2dbcEntities {

    /** Every entity whose ID the suite generates, inserts and reads back. */
    static final List<Class<? extends Identified>> IDENTIFIED = List.of(TraceIdAsValue.class, TraceIdAsLong.class,
            LableAsValue.class, LableAsString.class, GidAsValue.class, GidAsUuid.class, GidAsBytes.class,
            SnoAsValue.class, SnoAsStringByName.class, MuidAsValue.class, MuidAsBytes.class);

    private R2dbcEntities() {
    }

    /** Whether the entity's ID is a {@code java.util.UUID}, which the start-up refuses on MariaDB. */
    static boolean hasUuidId(Class<?> type) {
        try {
            return type.getDeclaredField("id").getType() == UUID.class;
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(type.getName(), e);
        }
    }

    /** An entity with a generated ID. */
    interface Identified {

        /** The ID as the entity holds it. */
        Object id();
    }

    @Table("r2_trace_id_value")
    static class TraceIdAsValue implements Identified {

        @Id
        @GeneratedTraceId
        TraceId id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Table("r2_trace_id_long")
    static class TraceIdAsLong implements Identified {

        @Id
        @GeneratedTraceId
        Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Table("r2_lable_value")
    static class LableAsValue implements Identified {

        @Id
        @GeneratedLableId
        LableId id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Table("r2_lable_string")
    static class LableAsString implements Identified {

        @Id
        @GeneratedLableId
        String id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Table("r2_gid_value")
    static class GidAsValue implements Identified {

        @Id
        @GeneratedGid
        Gid id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Table("r2_gid_uuid")
    static class GidAsUuid implements Identified {

        @Id
        @GeneratedGid
        UUID id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Table("r2_gid_bytes")
    static class GidAsBytes implements Identified {

        @Id
        @GeneratedGid
        byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Table("r2_sno_value")
    static class SnoAsValue implements Identified {

        @Id
        @GeneratedSno
        Sno id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Table("r2_sno_string")
    static class SnoAsStringByName implements Identified {

        @Id
        @GeneratedValue(generator = "sno")
        String id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Table("r2_muid_value")
    static class MuidAsValue implements Identified {

        @Id
        @GeneratedMuid
        Muid id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Table("r2_muid_bytes")
    static class MuidAsBytes implements Identified {

        @Id
        @GeneratedMuid
        byte[] id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** The named sno generator {@code payments}. */
    @Table("r2_payment")
    static class Payment implements Identified {

        @Id
        @GeneratedSno(name = "payments")
        Sno id;

        @Override
        public Object id() {
            return id;
        }
    }

    /** An immutable entity: its ID is set in a copy. */
    @Table("r2_sno_record")
    record SnoRecord(@Id @GeneratedSno Sno id, String name) {
    }
}
