package dev.ids.autoconfigure.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.ids.InvalidIdException;
import dev.ids.gid.Gid;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import org.junit.jupiter.api.Test;
import org.springframework.core.convert.ConversionFailedException;
import org.springframework.core.convert.support.GenericConversionService;

/** The converters in a bare conversion service, with values from the reference vectors. */
class IdConvertersTests {

    private final GenericConversionService conversionService = new GenericConversionService();

    IdConvertersTests() {
        IdConverters.addTo(conversionService);
    }

    @Test
    void convertsEveryIdFromItsCanonicalString() {
        assertThat(conversionService.convert("6123839962065403905", TraceId.class).nodeNo()).isEqualTo(1);
        assertThat(conversionService.convert("000d016fa28502a3", LableId.class).generatorId()).isEqualTo(42);
        assertThat(conversionService.convert("74gfrC8X75-4Fwt5S13qxVrN", Gid.class).type()).isEqualTo(GidType.LOG);
        assertThat(conversionService.convert("brpk4q72xwf2m63l", Sno.class).partition()).isEqualTo(39434);
        assertThat(conversionService.convert("5D5EAC793E61F-1BFC71B112D-0000000B", Muid.class).medallion())
                .isEqualTo(1_923_190_821_165L);
    }

    @Test
    void convertsEveryIdBackToItsCanonicalString() {
        assertThat(conversionService.convert(TraceId.parse("6123839962065403905"), String.class))
                .isEqualTo("6123839962065403905");
        assertThat(conversionService.convert(LableId.parse("000d016fa28502a3"), String.class))
                .isEqualTo("000d016fa28502a3");
        assertThat(conversionService.convert(Gid.parse("74gfrC8X75-4Fwt5S13qxVrN"), String.class))
                .isEqualTo("74gfrC8X75-4Fwt5S13qxVrN");
        assertThat(conversionService.convert(Sno.parse("brpk4q72xwf2m63l"), String.class))
                .isEqualTo("brpk4q72xwf2m63l");
        assertThat(conversionService.convert(Muid.parse("5D5EAC793E61F-1BFC71B112D-0000000B"), String.class))
                .isEqualTo("5D5EAC793E61F-1BFC71B112D-0000000B");
    }

    @Test
    void blankStringIsNoValueAsWithSpringsOwnConverters() {
        assertThat(conversionService.convert("", Sno.class)).isNull();
        assertThat(conversionService.convert("  ", Muid.class)).isNull();
    }

    @Test
    void refusesABadStringNamingIt() {
        assertThatExceptionOfType(ConversionFailedException.class)
                .isThrownBy(() -> conversionService.convert("brpk4q72xwf2m63!", Sno.class))
                .havingCause()
                .isInstanceOf(InvalidIdException.class)
                .withMessageStartingWith("Invalid sno 'brpk4q72xwf2m63!': ");
    }

    @Test
    void refusesAHugeStringWithABoundedMessage() {
        assertThatExceptionOfType(ConversionFailedException.class)
                .isThrownBy(() -> conversionService.convert("x\n".repeat(5_242_880), Gid.class))
                .havingCause()
                .isInstanceOf(InvalidIdException.class)
                .satisfies(ex -> assertThat(ex.getMessage()).hasSizeLessThan(300).contains("(10485760 chars)")
                        .startsWith("Invalid gid 'x\\nx\\n"));
    }
}
