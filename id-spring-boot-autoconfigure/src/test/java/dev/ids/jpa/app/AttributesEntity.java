package dev.ids.jpa.app;

import dev.ids.gid.Gid;
import dev.ids.hibernate.type.OrderedVarcharJdbcType;
import dev.ids.jpa.GidBytesConverter;
import dev.ids.jpa.GidStringConverter;
import dev.ids.jpa.LableIdLongConverter;
import dev.ids.jpa.LableIdStringConverter;
import dev.ids.jpa.MuidBytesConverter;
import dev.ids.jpa.MuidStringConverter;
import dev.ids.jpa.SnoBytesConverter;
import dev.ids.jpa.SnoStringConverter;
import dev.ids.jpa.TraceIdLongConverter;
import dev.ids.jpa.TraceIdStringConverter;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * An entity with ID value types as ordinary attributes: mapped by the library's JavaTypes as they are, with
 * {@code @JdbcTypeCode} string columns, and through each converter.
 */
@Entity
@Table(name = "jt_attributes")
public class AttributesEntity {

    @Id
    private Long id;

    // Plain attributes: the JavaTypes' default columns.
    private TraceId traceId;
    private LableId lable;
    private Gid gid;
    private Sno sno;
    private Muid muid;

    // The JavaTypes' string columns.
    @JdbcTypeCode(SqlTypes.VARCHAR)
    private TraceId traceIdVarchar;
    @JdbcTypeCode(SqlTypes.VARCHAR)
    private LableId lableVarchar;
    @JdbcTypeCode(OrderedVarcharJdbcType.TYPE_CODE)
    private Gid gidVarchar;
    @JdbcTypeCode(SqlTypes.VARCHAR)
    private Sno snoVarchar;
    @JdbcTypeCode(SqlTypes.VARCHAR)
    private Muid muidVarchar;

    // The string converters.
    @Convert(converter = TraceIdStringConverter.class)
    @Column(length = TraceIdStringConverter.LENGTH)
    private TraceId traceIdText;
    @Convert(converter = LableIdStringConverter.class)
    @Column(length = LableIdStringConverter.LENGTH)
    private LableId lableText;
    @Convert(converter = GidStringConverter.class)
    @JdbcTypeCode(OrderedVarcharJdbcType.TYPE_CODE)
    @Column(length = GidStringConverter.LENGTH)
    private Gid gidText;
    @Convert(converter = SnoStringConverter.class)
    @Column(length = SnoStringConverter.LENGTH)
    private Sno snoText;
    @Convert(converter = MuidStringConverter.class)
    @Column(length = MuidStringConverter.LENGTH)
    private Muid muidText;

    // The binary converters.
    @Convert(converter = TraceIdLongConverter.class)
    private TraceId traceIdLong;
    @Convert(converter = LableIdLongConverter.class)
    private LableId lableLong;
    @Convert(converter = GidBytesConverter.class)
    @Column(length = 16)
    private Gid gidBytes;
    @Convert(converter = SnoBytesConverter.class)
    @Column(length = 10)
    private Sno snoBytes;
    @Convert(converter = MuidBytesConverter.class)
    @Column(length = 16)
    private Muid muidBytes;

    protected AttributesEntity() {
    }

    /** Sets every attribute of a type to the same value. */
    public AttributesEntity(Long id, TraceId traceId, LableId lable, Gid gid, Sno sno, Muid muid) {
        this.id = id;
        this.traceId = this.traceIdVarchar = this.traceIdText = this.traceIdLong = traceId;
        this.lable = this.lableVarchar = this.lableText = this.lableLong = lable;
        this.gid = this.gidVarchar = this.gidText = this.gidBytes = gid;
        this.sno = this.snoVarchar = this.snoText = this.snoBytes = sno;
        this.muid = this.muidVarchar = this.muidText = this.muidBytes = muid;
    }

    public Long getId() {
        return id;
    }

    /** Returns every attribute's value, in the order of the fields. */
    public Object[] values() {
        return new Object[] {traceId, lable, gid, sno, muid, traceIdVarchar, lableVarchar, gidVarchar, snoVarchar,
            muidVarchar, traceIdText, lableText, gidText, snoText, muidText, traceIdLong, lableLong, gidBytes,
            snoBytes, muidBytes};
    }
}
