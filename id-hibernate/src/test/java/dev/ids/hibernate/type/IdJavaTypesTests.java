package dev.ids.hibernate.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.ids.InvalidIdException;
import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.util.UUID;
import org.hibernate.HibernateException;
import org.hibernate.dialect.H2Dialect;
import org.hibernate.type.descriptor.jdbc.BinaryJdbcType;
import org.hibernate.type.descriptor.jdbc.VarcharJdbcType;
import org.junit.jupiter.api.Test;

/** The conversions the JavaTypes offer Hibernate, and their column lengths. */
class IdJavaTypesTests {

    private static final Sno SNO = Sno.parse("brpk4q72xwf2m63l");

    private static final Gid GID = Gid.parse("74gfrC8X75-4Fwt5S13qxVrN");

    private static final Muid MUID = Muid.parse("5D5EAC793E61F-1BFC71B112D-0000000B");

    private static final TraceId TRACE_ID = TraceId.parse("6123839962065403905");

    private static final LableId LABLE = LableId.parse("000d016fa28502a3");

    @Test
    void wrapAcceptsTheValueItsTextItsBytesAndItsLongOrUuid() {
        assertThat(SnoJavaType.INSTANCE.wrap(SNO, null)).isSameAs(SNO);
        assertThat(SnoJavaType.INSTANCE.wrap("brpk4q72xwf2m63l", null)).isEqualTo(SNO);
        assertThat(SnoJavaType.INSTANCE.wrap(SNO.toBytes(), null)).isEqualTo(SNO);
        assertThat(GidJavaType.INSTANCE.wrap(GID.toUuid(), null)).isEqualTo(GID);
        assertThat(GidJavaType.INSTANCE.wrap(GID.toBytes(), null)).isEqualTo(GID);
        assertThat(MuidJavaType.INSTANCE.wrap(MUID.toUuid(), null)).isEqualTo(MUID);
        assertThat(MuidJavaType.INSTANCE.wrap("5D5EAC793E61F-1BFC71B112D-0000000B", null)).isEqualTo(MUID);
        assertThat(TraceIdJavaType.INSTANCE.wrap(6123839962065403905L, null)).isEqualTo(TRACE_ID);
        assertThat(TraceIdJavaType.INSTANCE.wrap("6123839962065403905", null)).isEqualTo(TRACE_ID);
        assertThat(LableIdJavaType.INSTANCE.wrap(LABLE.toLong(), null)).isEqualTo(LABLE);
        assertThat(LableIdJavaType.INSTANCE.wrap(LABLE.toBytes(), null)).isEqualTo(LABLE);
        assertThat(SnoJavaType.INSTANCE.wrap(null, null)).isNull();
    }

    @Test
    void unwrapGivesEachForm() {
        assertThat(SnoJavaType.INSTANCE.unwrap(SNO, String.class, null)).isEqualTo("brpk4q72xwf2m63l");
        assertThat(SnoJavaType.INSTANCE.unwrap(SNO, byte[].class, null)).isEqualTo(SNO.toBytes());
        assertThat(SnoJavaType.INSTANCE.unwrap(SNO, Sno.class, null)).isSameAs(SNO);
        assertThat(SnoJavaType.INSTANCE.unwrap(SNO, Object.class, null)).isSameAs(SNO);
        assertThat(GidJavaType.INSTANCE.unwrap(GID, UUID.class, null)).isEqualTo(GID.toUuid());
        assertThat(MuidJavaType.INSTANCE.unwrap(MUID, UUID.class, null)).isEqualTo(MUID.toUuid());
        assertThat(TraceIdJavaType.INSTANCE.unwrap(TRACE_ID, Long.class, null)).isEqualTo(6123839962065403905L);
        assertThat(LableIdJavaType.INSTANCE.unwrap(LABLE, Long.class, null)).isEqualTo(0x000d016fa28502a3L);
        assertThat(SnoJavaType.INSTANCE.unwrap(null, String.class, null)).isNull();
    }

    @Test
    void traceIdTextIsPaddedToNineteenDigitsAndReadsBothForms() {
        TraceId small = TraceId.fromLong(1025);
        assertThat(TraceIdJavaType.INSTANCE.unwrap(small, String.class, null)).isEqualTo("0000000000000001025");
        assertThat(TraceIdJavaType.INSTANCE.wrap("0000000000000001025", null)).isEqualTo(small);
        assertThat(TraceIdJavaType.INSTANCE.wrap("1025", null)).isEqualTo(small);
    }

    @Test
    void formsATypeDoesNotHaveAreRefused() {
        assertThatExceptionOfType(HibernateException.class)
                .isThrownBy(() -> SnoJavaType.INSTANCE.unwrap(SNO, UUID.class, null));
        assertThatExceptionOfType(HibernateException.class)
                .isThrownBy(() -> SnoJavaType.INSTANCE.wrap(42L, null));
        assertThatExceptionOfType(HibernateException.class)
                .isThrownBy(() -> TraceIdJavaType.INSTANCE.wrap(UUID.randomUUID(), null));
    }

    @Test
    void badTextFailsNamingTheText() {
        assertThatExceptionOfType(InvalidIdException.class)
                .isThrownBy(() -> GidJavaType.INSTANCE.wrap("not-a-gid", null))
                .withMessageContaining("not-a-gid");
        assertThatExceptionOfType(InvalidIdException.class)
                .isThrownBy(() -> TraceIdJavaType.INSTANCE.wrap("12x", null))
                .withMessageContaining("12x");
    }

    @Test
    void columnLengthIsTheTextLengthForCharactersAndTheByteCountOtherwise() {
        H2Dialect dialect = new H2Dialect();
        assertThat(SnoJavaType.INSTANCE.getDefaultSqlLength(dialect, VarcharJdbcType.INSTANCE)).isEqualTo(16);
        assertThat(SnoJavaType.INSTANCE.getDefaultSqlLength(dialect, BinaryJdbcType.INSTANCE)).isEqualTo(10);
        assertThat(GidJavaType.INSTANCE.getDefaultSqlLength(dialect, OrderedVarcharJdbcType.INSTANCE)).isEqualTo(24);
        assertThat(GidJavaType.INSTANCE.getDefaultSqlLength(dialect, BinaryJdbcType.INSTANCE)).isEqualTo(16);
        assertThat(MuidJavaType.INSTANCE.getDefaultSqlLength(dialect, VarcharJdbcType.INSTANCE)).isEqualTo(34);
        assertThat(TraceIdJavaType.INSTANCE.getDefaultSqlLength(dialect, VarcharJdbcType.INSTANCE)).isEqualTo(19);
        assertThat(LableIdJavaType.INSTANCE.getDefaultSqlLength(dialect, VarcharJdbcType.INSTANCE)).isEqualTo(16);
        assertThat(LableIdJavaType.INSTANCE.getDefaultSqlLength(dialect, BinaryJdbcType.INSTANCE)).isEqualTo(8);
    }
}
