package dev.ids.r2dbc;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.NodeClaim;
import dev.ids.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/** The R2DBC lease provider's behaviour on H2 in memory (r2dbc-h2), always. */
class H2R2dbcNodeLeaseProviderTest extends R2dbcNodeLeaseContract {

    @Override
    TestDatabase jdbcDatabase() {
        return TestDatabase.H2;
    }

    @Override
    String url() {
        return "r2dbc:h2:mem:///ids-r2dbc-lease;DB_CLOSE_DELAY=-1";
    }

    @Test
    void aDatabaseWhoseClockAndBindMarkersTheStoreDoesNotKnowFailsTheClaimNamingTheWaysOut() {
        SwitchableConnectionFactory someSql = new SwitchableConnectionFactory(connectionFactory, "SomeSQL");
        R2dbcNodeLeaseProvider provider = R2dbcNodeLeaseProvider.builder(someSql).singleProcess(true)
                .tableName(TABLE).build();

        assertThatThrownBy(() -> provider.claim(new NodeClaim(namespace, 0, 0)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("for SomeSQL")
                .hasMessageContaining("ids.node.provider=jdbc").hasMessageContaining("ids.node.provider=zookeeper")
                .hasMessageContaining("ids.node.provider=static");
    }
}
