package dev.ids.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LeaseHolderTest {

    @Test
    void aHolderOfThisProcessNamesTheHostAndThisProcessAndDiffersFromTheNext() {
        LeaseHolder first = LeaseHolder.ofThisProcess();
        LeaseHolder second = LeaseHolder.ofThisProcess();

        assertThat(first.processId()).hasValue(ProcessHandle.current().pid());
        assertThat(first.host()).hasValueSatisfying(host -> assertThat(host).isNotBlank());
        assertThat(first).isNotEqualTo(second);
        assertThat(first.id()).isNotEqualTo(second.id()).hasSizeLessThanOrEqualTo(LeaseHolder.MAX_LENGTH);
    }

    @Test
    void aStoredHolderIsReadWithoutItsLeaseNumber() {
        LeaseHolder holder = LeaseHolder.parse("0d1e8f7a-5c3b-4d2e-9f10-2a3b4c5d6e7f@web-7.example/pid 4211#12");

        assertThat(holder.id()).isEqualTo("0d1e8f7a-5c3b-4d2e-9f10-2a3b4c5d6e7f@web-7.example/pid 4211");
        assertThat(holder.host()).hasValue("web-7.example");
        assertThat(holder.processId()).hasValue(4211);
        assertThat(holder).isEqualTo(LeaseHolder.parse(holder.id())).hasToString(holder.id());
    }

    @Test
    void aHolderIdTheApplicationChoseHasNoHostOrProcess() {
        LeaseHolder holder = LeaseHolder.parse("billing-blue#3");

        assertThat(holder.id()).isEqualTo("billing-blue");
        assertThat(holder.host()).isEmpty();
        assertThat(holder.processId()).isEqualTo(OptionalLong.empty());
    }

    @Test
    void theProcessIdAloneThatEarlierZooKeeperLeasesWroteNamesTheProcess() {
        LeaseHolder holder = LeaseHolder.parse("pid 4211");

        assertThat(holder.id()).isEqualTo("pid 4211");
        assertThat(holder.processId()).hasValue(4211);
        assertThat(holder.host()).isEmpty();
        assertThat(LeaseHolder.parse("pid 4211 on web-7").processId()).isEmpty();
    }

    @Test
    void aHashThatIsNotFollowedByALeaseNumberBelongsToTheId() {
        assertThat(LeaseHolder.parse("team#blue").id()).isEqualTo("team#blue");
        assertThat(LeaseHolder.parse("x@host/pid 12#").id()).isEqualTo("x@host/pid 12#");
        assertThat(LeaseHolder.parse("x@host/pid 12#").processId()).isEmpty();
    }
}
