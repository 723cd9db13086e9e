package dev.ids.sample.jdbc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The Spring Data JDBC sample: shipments (sno), trace entries (TraceId held in a {@code Long}), accounts (Lable),
 * log records (Graft GID, from a named generator) and revisions (Gink muid), each an aggregate whose ID the starter
 * generates on insert.
 */
@SpringBootApplication
public class SampleJdbcApplication {

    /**
     * Starts the application.
     *
     * @param args command-line arguments, such as {@code --server.port=8081}
     */
    public static void main(String[] args) {
        SpringApplication.run(SampleJdbcApplication.class, args);
    }
}
