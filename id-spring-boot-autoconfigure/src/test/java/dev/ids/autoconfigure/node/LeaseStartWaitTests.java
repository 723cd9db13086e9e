package dev.ids.autoconfigure.node;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.testing.LeaseTableSeed;
import dev.ids.node.LeaseFence;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Issue 33 (3) in the starter: a fresh lease table (or one whose rows were deleted) gives leases that start beyond
 * any time a former holder may still issue IDs for; the application waits for that once as it starts, so its first
 * request is served, not refused. A seeded table (released rows with a mark) starts at once.
 */
@ExtendWith(OutputCaptureExtension.class)
class LeaseStartWaitTests {

    private static final AtomicInteger databases = new AtomicInteger();

    private static ApplicationContextRunner onNewDatabase() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=jdbc:h2:file:./target/lease-start-wait/"
                        + ProcessHandle.current().pid() + "-" + databases.incrementAndGet()
                        + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0", "ids.sno.max-wait=0s");
    }

    @Test
    void onAnEmptyLeaseTableTheStartWaitsPastTheLeasesStartAndTheFirstIdIsIssuedWithoutAWait(
            CapturedOutput output) {
        long before = System.currentTimeMillis();
        onNewDatabase().run(context -> {
            long started = System.currentTimeMillis();
            SnoGenerator generator = context.getBean(SnoGenerator.class);
            long mark = context.getBean(NodeLeases.class).leased().iterator().next().lease().highWaterMarkMillis();

            assertThat(mark).as("the lease starts beyond a step past the clock at the claim")
                    .isGreaterThan(before + LeaseFence.STEP_MILLIS);
            assertThat(started).as("the start waited until the clock passed it").isGreaterThan(mark);
            Sno first = generator.next(); // a maximum wait of zero: no wait left to do
            assertThat(first.timestamp().toEpochMilli()).isGreaterThan(mark - Sno.UNIT_MILLIS);
            assertThat(output).contains("before the application starts").containsOnlyOnce("Waiting ");
        });
    }

    @Test
    void onASeededLeaseTableTheStartDoesNotWait(CapturedOutput output) {
        onNewDatabase().withInitializer(LeaseTableSeed.everyDataSource()).run(context -> {
            long mark = context.getBean(NodeLeases.class).leased().iterator().next().lease().highWaterMarkMillis();
            assertThat(mark).isLessThan(System.currentTimeMillis());
            assertThat(context.getBean(SnoGenerator.class).next()).isNotNull();
            assertThat(output).doesNotContain("before the application starts");
        });
    }
}
