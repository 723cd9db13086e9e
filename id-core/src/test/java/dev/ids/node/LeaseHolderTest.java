package dev.ids.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
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
    void aHolderOfThisProcessCarriesItsBootPidNamespaceAndStartTime() throws Exception {
        LeaseHolder holder = LeaseHolder.ofThisProcess();
        Token token = Token.of(holder);

        assertThat(holder.id()).hasSizeLessThanOrEqualTo(LeaseHolder.MAX_LENGTH);
        assertThat(token.head).endsWith("/pid " + ProcessHandle.current().pid() + "/");
        assertThat(token.boot)
                .isEqualTo(Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).substring(0, 18));
        assertThat("pid:[" + token.pidNamespace + "]")
                .isEqualTo(Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString());
        assertThat(token.startTicks).isEqualTo(startTicks(ProcessHandle.current().pid()));
        assertThat(LeaseHolder.parse(holder.id() + "#5")).isEqualTo(holder);
    }

    @Test
    void aStoredHolderWithAProcessTokenIsReadWithoutItsLeaseNumber() {
        LeaseHolder holder =
                LeaseHolder.parse("0d1e8f7a@web-7.example/pid 4211/8c9993e6-a1ae-4cc6.4026531836.31922#12");

        assertThat(holder.id()).isEqualTo("0d1e8f7a@web-7.example/pid 4211/8c9993e6-a1ae-4cc6.4026531836.31922");
        assertThat(holder.host()).hasValue("web-7.example");
        assertThat(holder.processId()).hasValue(4211);
        assertThat(LeaseHolder.parse("0d1e8f7a@web-7/pid 4211/not-a-token").processId())
                .as("an id the application chose that looks almost like one").isEmpty();
    }

    @Test
    void aHolderOfThisBootAndPidNamespaceWhoseProcessHasEndedIsProvablyEnded() throws Exception {
        Token token = Token.of(LeaseHolder.ofThisProcess());
        long ended = endedProcessId();

        assertThat(token.with(ended, token.startTicks).isProvablyEnded()).isTrue();
        assertThat(LeaseHolder.parse(token.with(ended, 1) + "#4").isProvablyEnded()).as("as stored").isTrue();
    }

    @Test
    void aHolderOfAnotherBootOrPidNamespaceIsNotProvablyEndedWhateverItsProcessId() throws Exception {
        Token token = Token.of(LeaseHolder.ofThisProcess());
        long ended = endedProcessId();
        String otherBoot = (token.boot.charAt(0) == '0' ? "1" : "0") + token.boot.substring(1);

        assertThat(token.with(ended, otherBoot, token.pidNamespace, token.startTicks).isProvablyEnded())
                .as("another boot: another machine, or this one before a reboot").isFalse();
        assertThat(token.with(ended, token.boot, token.pidNamespace + 1, token.startTicks).isProvablyEnded())
                .as("another PID namespace: another container of this host").isFalse();
        assertThat(token.with(ProcessHandle.current().pid(), token.boot, token.pidNamespace + 1, 1).isProvablyEnded())
                .as("another container whose process has this process's id").isFalse();
    }

    @Test
    void aHolderWhoseProcessIdNowNamesAProcessStartedAtAnotherTimeIsProvablyEnded() throws Exception {
        Token token = Token.of(LeaseHolder.ofThisProcess());
        long self = ProcessHandle.current().pid();
        Process running = new ProcessBuilder("sleep", "30").start();
        try {
            long started = startTicks(running.pid());

            assertThat(token.with(running.pid(), started).isProvablyEnded()).as("its process runs").isFalse();
            assertThat(token.with(running.pid(), started - 1).isProvablyEnded())
                    .as("its process id was taken by another process").isTrue();
        } finally {
            running.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(token.with(self, token.startTicks - 1).isProvablyEnded())
                .as("a former run with this process's id, in this PID namespace").isTrue();
    }

    @Test
    void aHolderOfThisProcessIsNotProvablyEnded() {
        LeaseHolder made = LeaseHolder.ofThisProcess();
        Token token = Token.of(made);

        assertThat(made.isProvablyEnded()).as("made by this process").isFalse();
        assertThat(LeaseHolder.parse(made.id() + "#7").isProvablyEnded()).as("the same, as stored").isFalse();
        assertThat(LeaseHolder.parse("other-provider@" + made.host().orElseThrow() + "/pid "
                + ProcessHandle.current().pid() + "/" + token.boot + "." + token.pidNamespace + "."
                + token.startTicks).isProvablyEnded()).as("another provider of this process").isFalse();
    }

    @Test
    void aHolderIdWithoutAProcessTokenIsNeverProvablyEnded() throws Exception {
        String host = LeaseHolder.ofThisProcess().host().orElseThrow();
        long ended = endedProcessId();
        long self = ProcessHandle.current().pid();

        assertThat(LeaseHolder.parse("x@" + host + "/pid " + ended + "#1").isProvablyEnded())
                .as("an earlier version's holder of this host whose process has ended").isFalse();
        assertThat(LeaseHolder.parse("former-run@" + host + "/pid " + self + "#1").isProvablyEnded())
                .as("an earlier version's holder with this process's id: maybe another container").isFalse();
        assertThat(LeaseHolder.parse("billing-blue#3").isProvablyEnded()).as("an id the application chose")
                .isFalse();
        assertThat(LeaseHolder.parse("pid " + ended).isProvablyEnded()).as("no host").isFalse();
    }

    /** The id of a process that ran on this host and has ended. */
    private static long endedProcessId() throws Exception {
        Process process = new ProcessBuilder("true").start();
        process.waitFor();
        return process.pid();
    }

    /** Field 22 of {@code /proc/<pid>/stat}: when the process started, in clock ticks since boot. */
    private static long startTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[19]);
    }

    /** The parts of a holder id of this process; skips the test where it has no token (not Linux). */
    private record Token(String head, String boot, long pidNamespace, long startTicks) {

        static Token of(LeaseHolder holder) {
            Matcher matcher = Pattern.compile("(.*/pid \\d+/)([0-9a-f-]{18})\\.(\\d+)\\.(\\d+)")
                    .matcher(holder.id());
            Assumptions.assumeTrue(matcher.matches(), () -> "no process token (not Linux?): " + holder);
            return new Token(matcher.group(1), matcher.group(2), Long.parseLong(matcher.group(3)),
                    Long.parseLong(matcher.group(4)));
        }

        /** A holder of this boot and PID namespace, of another process id and start time. */
        LeaseHolder with(long pid, long started) {
            return with(pid, boot, pidNamespace, started);
        }

        /** A holder of this host, of the given process and token. */
        LeaseHolder with(long pid, String bootId, long namespace, long started) {
            return LeaseHolder.parse(head.replaceAll("/pid \\d+/$", "/pid " + pid + "/") + bootId + "." + namespace
                    + "." + started);
        }
    }
}
