package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IdSchemeTest {

    @Test
    void findsSchemesByTheirNamesInAnyCaseAndWithUnderscores() {
        assertThat(IdScheme.of("trace-id")).isEqualTo(IdScheme.TRACE_ID);
        assertThat(IdScheme.of("TRACE_ID")).isEqualTo(IdScheme.TRACE_ID);
        assertThat(IdScheme.of("Sno")).isEqualTo(IdScheme.SNO);
    }

    @Test
    void unknownNameIsRefusedWithTheKnownNames() {
        assertThatThrownBy(() -> IdScheme.of("snoo")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unknown ID scheme 'snoo'; known schemes: trace-id, lable, gid, sno, muid");
    }

    @Test
    void decodeRejectsAnIdOfAnotherSchemeNamingTheInput() {
        assertThatThrownBy(() -> IdScheme.MUID.decode("2222222222222222"))
                .isInstanceOf(InvalidIdException.class).hasMessageContaining("2222222222222222");
    }

    @Test
    void decodeRejectsNull() {
        assertThatThrownBy(() -> IdScheme.GID.decode(null)).isInstanceOf(InvalidIdException.class)
                .hasMessageContaining("gid");
    }
}
