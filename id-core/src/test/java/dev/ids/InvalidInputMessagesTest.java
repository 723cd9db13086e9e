package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.testing.ValidTexts;
import dev.ids.traceid.TraceId;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Every scheme's parse errors show a bounded, escaped excerpt of the input. */
class InvalidInputMessagesTest {

    private static final int TEN_MB = 10 * 1024 * 1024;

    private static String message(IdScheme scheme, String input) {
        return catchThrowableOfType(InvalidIdException.class, () -> scheme.decode(input)).getMessage();
    }

    @ParameterizedTest
    @EnumSource(IdScheme.class)
    void aTenMegabyteInputGivesAShortMessageNamingItsLength(IdScheme scheme) {
        String message = message(scheme, "9".repeat(TEN_MB));

        assertThat(message).hasSizeLessThan(300).contains("'" + "9".repeat(100) + "'\u2026(10485760 chars)");
    }

    @ParameterizedTest
    @EnumSource(IdScheme.class)
    void controlCharactersInTheInputAreEscaped(IdScheme scheme) {
        String message = message(scheme, "\u001b[2J\r\n" + ValidTexts.of(scheme));

        assertThat(message).contains("'\\u001B[2J\\r\\n" + ValidTexts.of(scheme) + "'");
        assertThat(message.chars().filter(Character::isISOControl)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(IdScheme.class)
    void anEmojiIsNamedByItsCodePointWithItsPosition(IdScheme scheme) {
        String id = ValidTexts.of(scheme);
        String input = id.substring(0, 2) + "\uD83D\uDE00" + id.substring(4);

        assertThat(message(scheme, input)).contains("character U+1F600 at index 2").doesNotContain("U+D83D");
    }

    @Test
    void eachParseAndTheSchemeLookupBoundTheirMessages() {
        String huge = "x\n".repeat(TEN_MB / 2);
        Consumer<Runnable> bounded = parse -> assertThatThrownBy(parse::run)
                .isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(300).contains("(10485760 chars)")
                        .doesNotContain("\n"));

        bounded.accept(() -> TraceId.parse(huge));
        bounded.accept(() -> LableId.parse(huge));
        bounded.accept(() -> Gid.parse(huge));
        bounded.accept(() -> Sno.parse(huge));
        bounded.accept(() -> Muid.parse(huge));
        bounded.accept(() -> IdScheme.of(huge));
    }

    @ParameterizedTest
    @ValueSource(strings = {"gid", "sno", "muid", "lable", "trace-id"})
    void aTenMegabyteByteArrayGivesAShortMessageNamingItsLength(String scheme) {
        byte[] huge = new byte[TEN_MB];
        Runnable parse = switch (scheme) {
            case "gid" -> () -> Gid.fromBytes(huge);
            case "sno" -> () -> Sno.fromBytes(huge);
            case "muid" -> () -> Muid.fromBytes(huge);
            case "lable" -> () -> LableId.fromBytes(huge);
            default -> () -> TraceId.fromBytes(huge);
        };

        assertThatThrownBy(parse::run).isInstanceOf(InvalidIdException.class)
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(300)
                        .contains("'" + "00".repeat(40) + "\u2026(10485760 bytes)'"));
    }
}
