package dev.ids.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.ids.InvalidIdException;
import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The converters' column values, their round trips, nulls, and the TraceId text's order. */
class ConvertersTests {

    @Test
    void stringConvertersStoreTheCanonicalTextOfFixedLength() {
        Sno sno = Sno.parse("brpk4q72xwf2m63l");
        Gid gid = Gid.parse("74gfrC8X75-4Fwt5S13qxVrN");
        Muid muid = Muid.parse("5D5EAC793E61F-1BFC71B112D-0000000B");
        LableId lable = LableId.parse("000d016fa28502a3");
        assertThat(new SnoStringConverter().convertToDatabaseColumn(sno)).isEqualTo("brpk4q72xwf2m63l")
                .hasSize(SnoStringConverter.LENGTH);
        assertThat(new GidStringConverter().convertToDatabaseColumn(gid)).isEqualTo("74gfrC8X75-4Fwt5S13qxVrN")
                .hasSize(GidStringConverter.LENGTH);
        assertThat(new MuidStringConverter().convertToDatabaseColumn(muid))
                .isEqualTo("5D5EAC793E61F-1BFC71B112D-0000000B").hasSize(MuidStringConverter.LENGTH);
        assertThat(new LableIdStringConverter().convertToDatabaseColumn(lable)).isEqualTo("000d016fa28502a3")
                .hasSize(LableIdStringConverter.LENGTH);
        assertThat(new SnoStringConverter().convertToEntityAttribute("brpk4q72xwf2m63l")).isEqualTo(sno);
        assertThat(new GidStringConverter().convertToEntityAttribute("74gfrC8X75-4Fwt5S13qxVrN")).isEqualTo(gid);
    }

    @Test
    void binaryConvertersStoreTheBytesOrTheLong() {
        Sno sno = Sno.parse("brpk4q72xwf2m63l");
        byte[] bytes = new SnoBytesConverter().convertToDatabaseColumn(sno);
        assertThat(bytes).hasSize(10).isEqualTo(sno.toBytes());
        assertThat(new SnoBytesConverter().convertToEntityAttribute(bytes)).isEqualTo(sno);
        TraceId traceId = TraceId.parse("6123839962065403905");
        assertThat(new TraceIdLongConverter().convertToDatabaseColumn(traceId)).isEqualTo(6123839962065403905L);
        assertThat(new TraceIdLongConverter().convertToEntityAttribute(6123839962065403905L)).isEqualTo(traceId);
        assertThat(new LableIdLongConverter().convertToEntityAttribute(0x000d016fa28502a3L))
                .isEqualTo(LableId.parse("000d016fa28502a3"));
    }

    @Test
    void everyConverterPassesNullThrough() {
        List<AttributeConverter<?, ?>> converters = List.of(new SnoStringConverter(), new SnoBytesConverter(),
                new GidStringConverter(), new GidBytesConverter(), new MuidStringConverter(), new MuidBytesConverter(),
                new LableIdStringConverter(), new LableIdLongConverter(), new TraceIdStringConverter(),
                new TraceIdLongConverter());
        for (AttributeConverter<?, ?> converter : converters) {
            @SuppressWarnings("unchecked")
            AttributeConverter<Object, Object> raw = (AttributeConverter<Object, Object>) converter;
            assertThat(raw.convertToDatabaseColumn(null)).as(converter.getClass().getSimpleName()).isNull();
            assertThat(raw.convertToEntityAttribute(null)).as(converter.getClass().getSimpleName()).isNull();
        }
    }

    @Test
    void traceIdTextSortsLikeTheValuesAcrossDigitCounts() {
        TraceIdStringConverter converter = new TraceIdStringConverter();
        List<TraceId> ids = List.of(TraceId.fromLong(1025), TraceId.fromLong(19_457), TraceId.fromLong(100_353),
                TraceId.parse("6123839962065403905"));
        String[] texts = ids.stream().map(converter::convertToDatabaseColumn).toArray(String[]::new);
        String[] sorted = texts.clone();
        Arrays.sort(sorted);
        assertThat(sorted).containsExactly(texts);
        assertThat(texts).allSatisfy(text -> assertThat(text).hasSize(TraceIdStringConverter.LENGTH));
        assertThat(converter.convertToEntityAttribute(texts[0])).isEqualTo(ids.get(0));
        assertThat(converter.convertToEntityAttribute("1025")).isEqualTo(ids.get(0));
    }

    @Test
    void badColumnValuesFailNamingTheValue() {
        assertThatExceptionOfType(InvalidIdException.class)
                .isThrownBy(() -> new MuidStringConverter().convertToEntityAttribute("5d5eac793e61f"))
                .withMessageContaining("5d5eac793e61f");
        assertThatExceptionOfType(InvalidIdException.class)
                .isThrownBy(() -> new GidBytesConverter().convertToEntityAttribute(new byte[3]));
        assertThatExceptionOfType(InvalidIdException.class)
                .isThrownBy(() -> new TraceIdStringConverter().convertToEntityAttribute("0000000000000000000"));
    }
}
