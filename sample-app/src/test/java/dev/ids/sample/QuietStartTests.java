package dev.ids.sample;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** A first start with nothing configured says what it did and warns about nothing the user did not choose. */
@ExtendWith(OutputCaptureExtension.class)
class QuietStartTests {

    @Test
    void theSampleStartsWithItsDefaultsWithoutAWarning(CapturedOutput output) {
        try (RunningApplication application = RunningApplication.start()) {
            assertThat(application.url("/")).startsWith("http://localhost:");
        }
        assertThat(output.getOut() + output.getErr()).contains("lease their node identities from jdbc")
                .doesNotContain(" WARN ").doesNotContain("connection timeout");
    }
}
