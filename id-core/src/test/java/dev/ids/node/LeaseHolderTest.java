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

    @Test
    void aHolderOfThisHostWhoseProcessHasEndedHasEnded() throws Exception {
        String host = LeaseHolder.ofThisProcess().host().orElseThrow();
        long ended = endedProcessId();

        assertThat(LeaseHolder.parse("0d1e8f7a@" + host + "/pid " + ended + "#4").hasEndedOnThisHost()).isTrue();
    }

    @Test
    void aHolderWithThisProcessIdThatThisProcessDidNotMakeIsAFormerRunThatHasEnded() {
        LeaseHolder made = LeaseHolder.ofThisProcess();
        String host = made.host().orElseThrow();
        long self = ProcessHandle.current().pid();

        assertThat(made.hasEndedOnThisHost()).as("made by this process").isFalse();
        assertThat(LeaseHolder.parse(made.id() + "#7").hasEndedOnThisHost()).as("the same, as stored").isFalse();
        assertThat(LeaseHolder.parse("former-run@" + host + "/pid " + self + "#1").hasEndedOnThisHost())
                .as("a former run with the same process id, as in a restarted container").isTrue();
    }

    @Test
    void aHolderWhoseProcessRunsOrOfAnotherHostOrOfAChosenIdIsNotKnownToHaveEnded() throws Exception {
        String host = LeaseHolder.ofThisProcess().host().orElseThrow();
        Process running = new ProcessBuilder("sleep", "30").start();
        try {
            assertThat(LeaseHolder.parse("x@" + host + "/pid " + running.pid() + "#1").hasEndedOnThisHost())
                    .as("its process runs").isFalse();
        } finally {
            running.destroyForcibly().waitFor();
        }
        long ended = endedProcessId();
        assertThat(LeaseHolder.parse("x@not-" + host + "/pid " + ended + "#1").hasEndedOnThisHost())
                .as("another host, where the process may run").isFalse();
        assertThat(LeaseHolder.parse("billing-blue#3").hasEndedOnThisHost()).as("an id the application chose")
                .isFalse();
        assertThat(LeaseHolder.parse("pid " + ended).hasEndedOnThisHost()).as("no host").isFalse();
    }

    /** The id of a process that ran on this host and has ended. */
    private static long endedProcessId() throws Exception {
        Process process = new ProcessBuilder("true").start();
        process.waitFor();
        return process.pid();
    }
}
