package dev.ids.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The sample application: a small web service that stores orders (sno), trace entries (elfo TraceId), accounts
 * (Lable), stored volumes (Graft GID) and a change log (Gink muid), each keyed by IDs from the starter's generators.
 */
@SpringBootApplication
public class SampleApplication {

    /**
     * Starts the application.
     *
     * @param args command-line arguments, such as {@code --server.port=8081 --spring.profiles.active=shared-h2}
     */
    public static void main(String[] args) {
        SpringApplication.run(SampleApplication.class, args);
    }
}
