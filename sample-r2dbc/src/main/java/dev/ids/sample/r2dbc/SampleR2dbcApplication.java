package dev.ids.sample.r2dbc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The WebFlux and R2DBC sample: shipments (sno), trace entries (TraceId held in a {@code Long}) and log records
 * (Graft GID, from a named generator), each an entity whose ID the starter generates as Spring Data R2DBC inserts it,
 * without blocking the event loop. The application has no DataSource: its node identities are leased through its
 * R2DBC ConnectionFactory.
 */
@SpringBootApplication
public class SampleR2dbcApplication {

    /**
     * Starts the application.
     *
     * @param args command-line arguments, such as {@code --server.port=8082}
     */
    public static void main(String[] args) {
        SpringApplication.run(SampleR2dbcApplication.class, args);
    }
}
