package dev.ids.sample;

import dev.ids.inspector.InspectorTestApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application the page's tests drive, on a random port: the sample application {@code
 * dev.ids.sample.SampleApplication} when it is on the class path, else the stand-in {@link InspectorTestApplication}
 * (the page was built before the sample application existed on its branch). Which one ran is printed.
 */
final class RunningApplication implements AutoCloseable {

    static final String SAMPLE_APPLICATION = "dev.ids.sample.SampleApplication";

    private final ConfigurableApplicationContext context;

    private RunningApplication(ConfigurableApplicationContext context) {
        this.context = context;
    }

    static RunningApplication start() {
        Class<?> application = applicationClass();
        System.out.println("Page tests run against " + application.getName());
        return new RunningApplication(new SpringApplicationBuilder(application)
                .properties("server.port=0", "management.endpoints.web.exposure.include=health,metrics,prometheus,ids")
                .run());
    }

    private static Class<?> applicationClass() {
        try {
            return Class.forName(SAMPLE_APPLICATION);
        } catch (ClassNotFoundException ex) {
            return InspectorTestApplication.class;
        }
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
