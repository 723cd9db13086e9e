package dev.ids.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;

/** Tells a lease's own znode from a deleted one, another session's, and one its own session created anew. */
class OwnedZnodeTest {

    private static final OwnedZnode ZNODE = new OwnedZnode("/ids/sno/pool/3", 0x10L, 500L);

    private static Stat stat(long owner, long createdZxid) {
        Stat stat = new Stat();
        stat.setEphemeralOwner(owner);
        stat.setCzxid(createdZxid);
        return stat;
    }

    @Test
    void theSameSessionAndCreationIsTheLeasesOwnZnode() {
        assertThat(ZNODE.foreignOwner(stat(0x10L, 500L))).isNull();
        assertThat(ZNODE.isSame(stat(0x10L, 500L))).isTrue();
    }

    @Test
    void aMissingZnodeWasDeleted() {
        assertThat(ZNODE.foreignOwner(null)).isEqualTo("its znode /ids/sno/pool/3 was deleted");
        assertThat(ZNODE.isSame(null)).isFalse();
    }

    @Test
    void anotherSessionsZnodeIsNamedBySession() {
        assertThat(ZNODE.foreignOwner(stat(0xabL, 900L)))
                .isEqualTo("its znode /ids/sno/pool/3 belongs to session 0xab");
        assertThat(ZNODE.isSame(stat(0xabL, 500L))).isFalse();
    }

    @Test
    void aZnodeTheSameSessionCreatedAnewIsNotTheLeasesOwn() {
        assertThat(ZNODE.foreignOwner(stat(0x10L, 501L)))
                .isEqualTo("its znode /ids/sno/pool/3 was deleted and created anew");
        assertThat(ZNODE.isSame(stat(0x10L, 501L))).isFalse();
    }
}
