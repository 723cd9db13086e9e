package dev.ids.sample;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The sample application as the page's tests drive it, on a random port with the actuator endpoints exposed. */
final class RunningApplication implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private RunningApplication(ConfigurableApplicationContext context) {
        this.context = context;
    }

    static RunningApplication start() {
        return new RunningApplication(new SpringApplicationBuilder(SampleApplication.class)
                .properties("server.port=0", "management.endpoints.web.exposure.include=health,metrics,prometheus,ids")
                .run());
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
