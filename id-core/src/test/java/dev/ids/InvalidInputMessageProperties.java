package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class InvalidInputMessageProperties {

    /** The longest reason a codec gives, plus the scheme's name, the quoted excerpt and the length. */
    private static final int MAX_MESSAGE = 400;

    @Property
    void everyRefusalIsBoundedAndShowsNoRawControlCharacterOrHalfAPair(@ForAll("inputs") String input,
            @ForAll IdScheme scheme) {
        String message;
        try {
            scheme.decode(input);
            return;
        } catch (InvalidIdException e) {
            message = e.getMessage();
        }

        assertThat(message).hasSizeLessThanOrEqualTo(MAX_MESSAGE);
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            assertThat(Character.isISOControl(c)).as("raw control character U+%04X at %d", (int) c, i).isFalse();
            int type = Character.getType(c);
            assertThat(type == Character.FORMAT || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR).as("raw U+%04X at %d", (int) c, i).isFalse();
            if (Character.isHighSurrogate(c)) {
                assertThat(i + 1 < message.length() && Character.isLowSurrogate(message.charAt(i + 1)))
                        .as("high surrogate at %d is followed by its low half", i).isTrue();
                i++;
            } else {
                assertThat(Character.isLowSurrogate(c)).as("lone low surrogate at %d", i).isFalse();
            }
        }
        if (input.length() > 200) {
            assertThat(message).contains("(" + input.length() + " chars)");
        }
    }

    @Provide
    Arbitrary<String> inputs() {
        Arbitrary<String> any = Arbitraries.strings().all().ofMaxLength(40);
        Arbitrary<String> nasty = Arbitraries.strings()
                .withChars("\u0000\n\r\u001b\u007f\u0085\u202e\u2028\uD83D\uDE00\uFEFFa2-").ofMaxLength(40);
        Arbitrary<String> pieces = Arbitraries.oneOf(any, nasty);
        return Arbitraries.oneOf(any, nasty,
                pieces.list().ofMinSize(2).ofMaxSize(200).map(list -> String.join("", list)));
    }
}
