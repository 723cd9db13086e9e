package dev.ids.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Latin1DigitsTest {

    private static final String ALPHABET = "0123456789ABCDEF";

    @Test
    void everyCharacterReadsAsItsPlaceInTheAlphabetOrMinusOne() {
        byte[] table = Latin1Digits.table(ALPHABET);

        assertThat(table).hasSize(256);
        for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
            assertThat(Latin1Digits.value(table, (char) c)).as("U+%04X", c).isEqualTo(ALPHABET.indexOf(c));
        }
    }
}
