package dev.ids.node.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.IdClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseTableTermsTest {

    @Test
    void aCallWaitsAboutOneRenewalPeriodAndAtLeastASecond() {
        assertThat(terms(Duration.ofMillis(4_500)).callTimeout()).isEqualTo(Duration.ofMillis(4_500));
        assertThat(terms(Duration.ofSeconds(1)).callTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(terms(Duration.ofMillis(50)).callTimeout()).isEqualTo(Duration.ofSeconds(1));
    }

    private static LeaseTableSettings.Terms terms(Duration renewalPeriod) {
        return new LeaseTableSettings.Terms("ids_node_lease", true, Duration.ofSeconds(60), renewalPeriod,
                Duration.ofSeconds(10), "holder", IdClock.system());
    }
}
