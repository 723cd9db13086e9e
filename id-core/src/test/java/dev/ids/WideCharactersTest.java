package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.testing.ValidTexts;
import dev.ids.traceid.TraceId;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A character past Latin-1 whose low byte is a valid character of the scheme is refused wherever it stands: the
 * parsers read a table of 256 entries after a test of each character (which the JIT drops for Latin-1 strings), and
 * an index or a value cut to its low byte would read such a character as the digit it is not.
 */
class WideCharactersTest {

    /** High bytes to put over a valid character: the least, one that is itself a digit's code, and the greatest. */
    private static final int[] HIGH_BYTES = {0x01, 0x30, 0xFF};

    private static Predicate<String> isValid(IdScheme scheme) {
        return switch (scheme) {
            case TRACE_ID -> TraceId::isValid;
            case LABLE -> LableId::isValid;
            case GID -> Gid::isValid;
            case SNO -> Sno::isValid;
            case MUID -> Muid::isValid;
        };
    }

    @ParameterizedTest
    @EnumSource(IdScheme.class)
    void aWideCharacterOverAValidOneIsRefusedAtEveryIndex(IdScheme scheme) {
        String valid = ValidTexts.of(scheme);
        assertThat(isValid(scheme).test(valid)).isTrue();
        for (int index = 0; index < valid.length(); index++) {
            for (int highByte : HIGH_BYTES) {
                char wide = (char) (highByte << 8 | valid.charAt(index));
                String text = valid.substring(0, index) + wide + valid.substring(index + 1);

                InvalidIdException refused = catchThrowableOfType(InvalidIdException.class,
                        () -> scheme.decode(text));

                assertThat(refused).as(text).isNotNull();
                assertThat(refused.getMessage()).as(text)
                        .contains(String.format("U+%04X", (int) wide)).contains("index " + index);
                assertThat(isValid(scheme).test(text)).as(text).isFalse();
            }
        }
    }
}
