package dev.ids.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StatefulSetOrdinalTest {

    @Test
    void readsTheOrdinalFromAStatefulSetPodsName() {
        assertThat(StatefulSetOrdinal.of("web-0")).isZero();
        assertThat(StatefulSetOrdinal.of("ids-api-v2-17")).isEqualTo(17);
    }

    @Test
    void aNameWithoutAnOrdinalIsRefusedNamingIt() {
        for (String name : new String[] {"web", "web-", "web-03", "-3", "web-x1", "web-1.example"}) {
            assertThatThrownBy(() -> StatefulSetOrdinal.of(name)).as(name)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'" + name + "'");
        }
    }
}
