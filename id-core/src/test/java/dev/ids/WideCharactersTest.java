package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.testing.ValidTexts;
import dev.ids.traceid.TraceId;
import java.util.Arrays;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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

    /**
     * The valid string of each scheme, and the other lengths that take their own paths: an 18-digit TraceId and the
     * two short forms of a muid.
     */
    static Stream<Arguments> validTexts() {
        Stream<Arguments> canonical = Arrays.stream(IdScheme.values())
                .map(scheme -> Arguments.of(scheme, ValidTexts.of(scheme)));
        return Stream.concat(canonical, Stream.of(Arguments.of(IdScheme.TRACE_ID, "612383996206540391"),
                Arguments.of(IdScheme.MUID, "5D5EAC793E61F-1BFC71B112D"),
                Arguments.of(IdScheme.MUID, "5D5EAC793E61F")));
    }

    @ParameterizedTest
    @MethodSource("validTexts")
    void aWideCharacterOverAValidOneIsRefusedAtEveryIndex(IdScheme scheme, String valid) {
        assertThat(isValid(scheme).test(valid)).as(valid).isTrue();
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
