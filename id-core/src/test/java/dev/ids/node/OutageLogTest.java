package dev.ids.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;

class OutageLogTest {

    /** Every line logged, at any level, as "LEVEL message". */
    private final List<String> lines = new ArrayList<>();
    private final OutageLog outage = new OutageLog(new RecordingLogger(lines));

    @Test
    void warnsAboutTheFirstFailureOfAnOutageAndLogsTheAttemptsAfterItAtDebug() {
        assertThat(outage.failed(attempt -> "failed #" + attempt)).isEqualTo(1);
        assertThat(outage.failed(attempt -> "failed #" + attempt)).isEqualTo(2);
        assertThat(outage.failed(attempt -> "failed #" + attempt)).isEqualTo(3);

        assertThat(lines).containsExactly("WARNING failed #1", "DEBUG failed #2", "DEBUG failed #3");
    }

    @Test
    void tellsWhenTheOutageEndedWithTheAttemptsThatFailedInIt() {
        outage.failed(attempt -> "failed");
        outage.failed(attempt -> "failed");
        lines.clear();

        assertThat(outage.ended(attempts -> "back after " + attempts)).isEqualTo(2);
        assertThat(lines).containsExactly("INFO back after 2 failed attempts");
    }

    @Test
    void spellsOutASingleFailedAttempt() {
        outage.failed(attempt -> "failed");
        lines.clear();

        outage.ended(attempts -> "back after " + attempts);
        assertThat(lines).containsExactly("INFO back after 1 failed attempt");
    }

    @Test
    void saysNothingWhenASuccessEndsNoOutage() {
        assertThat(outage.ended(attempts -> "back after " + attempts)).isZero();
        assertThat(lines).isEmpty();
    }

    @Test
    void warnsAgainAtTheNextOutageCountingItsAttemptsFromOne() {
        outage.failed(attempt -> "failed #" + attempt);
        outage.failed(attempt -> "failed #" + attempt);
        outage.ended(attempts -> "back after " + attempts);
        lines.clear();

        assertThat(outage.failed(attempt -> "failed again #" + attempt)).isEqualTo(1);
        outage.failed(attempt -> "failed again #" + attempt);
        assertThat(lines).containsExactly("WARNING failed again #1", "DEBUG failed again #2");
    }

    @Test
    void anOutageEndedWithoutAWordIsWarnedAboutAgainToo() {
        outage.failed(attempt -> "failed");
        assertThat(outage.ended()).isEqualTo(1);
        assertThat(outage.ended()).as("nothing left to end").isZero();
        lines.clear();

        outage.failed(attempt -> "failed again");
        assertThat(lines).containsExactly("WARNING failed again");
    }

    @Test
    void warnsWithinAnOutageAboutAFailureTheCallerCallsNews() {
        outage.failed(attempt -> "down #" + attempt);
        outage.failed(true, attempt -> "taken over #" + attempt);
        outage.failed(false, attempt -> "taken over #" + attempt);

        assertThat(lines).containsExactly("WARNING down #1", "WARNING taken over #2", "DEBUG taken over #3");
    }

    /** Records what is logged, building each message only when asked to log it, as a real logger does. */
    private record RecordingLogger(List<String> lines) implements System.Logger {

        @Override
        public String getName() {
            return "recording";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
            lines.add(level + " " + message);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            lines.add(level + " " + java.text.MessageFormat.format(format, params));
        }
    }
}
