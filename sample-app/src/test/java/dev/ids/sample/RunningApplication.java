package dev.ids.sample;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The sample application as the page's tests drive it, on a random port with the actuator endpoints exposed. */
final class RunningApplication implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private RunningApplication(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** Starts it as a user does: its leases claim from a fresh database, so it waits ~20 s for their floor. */
    static RunningApplication start() {
        return new RunningApplication(builder().run());
    }

    /** Starts it on a lease table seeded with past marks ({@link SeededLeaseTable}), so that it starts at once. */
    static RunningApplication startSeeded() {
        return new RunningApplication(builder().initializers(new SeededLeaseTable()).run());
    }

    private static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(SampleApplication.class)
                .properties("server.port=0", "management.endpoints.web.exposure.include=health,metrics,prometheus,ids");
    }

    String url(String path) {
        return "http://localhost:" + context.getEnvironment().getRequiredProperty("local.server.port") + path;
    }

    ConfigurableApplicationContext context() {
        return context;
    }

    @Override
    public void close() {
        context.close();
    }
}
