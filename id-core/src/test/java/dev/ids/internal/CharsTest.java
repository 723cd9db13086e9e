package dev.ids.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CharsTest {

    private static final String GRINNING = "\uD83D\uDE00";

    @Test
    void quoteShowsAShortPrintableInputWhole() {
        assertThat(Chars.quote("brpk4q72xwf2m63!")).isEqualTo("'brpk4q72xwf2m63!'");
        assertThat(Chars.quote("caf\u00e9 " + GRINNING)).isEqualTo("'caf\u00e9 " + GRINNING + "'");
    }

    @Test
    void quoteEscapesControlFormatAndSeparatorCharacters() {
        String input = "a\nb\r\tc\u0000\u001b[31m\u007f\u0085\u202e\u2028\u00a0\\";

        assertThat(Chars.quote(input))
                .isEqualTo("'a\\nb\\r\\tc\\u0000\\u001B[31m\\u007F\\u0085\\u202E\\u2028\\u00A0\\\\'");
    }

    @Test
    void quoteEscapesLoneSurrogatesAndInvisibleSupplementaryCharacters() {
        assertThat(Chars.quote("x\uD83Dy\uDE00")).isEqualTo("'x\\uD83Dy\\uDE00'");
        // U+E0001 LANGUAGE TAG, a format character outside the BMP.
        assertThat(Chars.quote("t\uDB40\uDC01")).isEqualTo("'t\\u{E0001}'");
    }

    @Test
    void quoteCutsALongInputAndNamesItsLength() {
        String quoted = Chars.quote("a".repeat(10_485_760));

        assertThat(quoted).isEqualTo("'" + "a".repeat(100) + "'\u2026(10485760 chars)");
    }

    @Test
    void escapesCountTowardsTheBound() {
        String quoted = Chars.quote("\u0000".repeat(10_000));

        assertThat(quoted).isEqualTo("'" + "\\u0000".repeat(16) + "'\u2026(10000 chars)");
    }

    @Test
    void theCutNeverSplitsASurrogatePair() {
        String input = "a".repeat(99) + GRINNING + "b";

        assertThat(Chars.quote(input)).isEqualTo("'" + "a".repeat(99) + "'\u2026(102 chars)");
        assertThat(Chars.quote("a".repeat(98) + GRINNING + "b"))
                .isEqualTo("'" + "a".repeat(98) + GRINNING + "'\u2026(101 chars)");
    }

    @Test
    void excerptIsTheQuoteWithoutQuotes() {
        assertThat(Chars.excerpt("a\u0001")).isEqualTo("a\\u0001");
        assertThat(Chars.excerpt("b".repeat(500))).isEqualTo("b".repeat(100) + "\u2026(500 chars)");
        assertThat(Chars.excerpt(null)).isNull();
        assertThat(Chars.quote(null)).isEqualTo("null");
    }

    @Test
    void describeNamesPrintableAsciiAsItselfAndAnythingElseByItsCodePoint() {
        assertThat(Chars.describeAt("ab!", 2)).isEqualTo("character '!' at index 2");
        assertThat(Chars.describeAt("a b", 1)).isEqualTo("character U+0020 at index 1");
        assertThat(Chars.describeAt("\u0661", 0)).isEqualTo("character U+0661 at index 0");
    }

    @Test
    void describeNamesASupplementaryCharacterWholeFromEitherHalf() {
        String text = "ab" + GRINNING + "c";

        assertThat(Chars.describeAt(text, 2)).isEqualTo("character U+1F600 at index 2");
        assertThat(Chars.describeAt(text, 3)).isEqualTo("character U+1F600 at index 2");
        assertThat(Chars.describe(text, 3)).isEqualTo("character U+1F600");
        assertThat(Chars.describeAt("a\uD83D", 1)).isEqualTo("character U+D83D at index 1");
        assertThat(Chars.describeAt("\uDE00a", 0)).isEqualTo("character U+DE00 at index 0");
    }

    @Test
    void hexExcerptShowsFortyBytesThenTheLength() {
        assertThat(Hex.excerpt(new byte[] {1, (byte) 0xAB})).isEqualTo("01ab");
        assertThat(Hex.excerpt(new byte[40])).isEqualTo("00".repeat(40));
        assertThat(Hex.excerpt(new byte[10_485_760])).isEqualTo("00".repeat(40) + "\u2026(10485760 bytes)");
        assertThat(Hex.excerpt(null)).isEqualTo("null");
    }
}
