package dev.ids.sample.r2dbc;

import dev.ids.hibernate.GeneratedSno;
import dev.ids.sno.Sno;
import org.springframework.data.annotation.Id;

/**
 * A shipment, keyed by a sno from the default sno generator; stored as its 10 bytes ({@code BINARY(10)} on H2,
 * {@code bytea} on PostgreSQL).
 *
 * @param id the ID, {@code null} until saved
 * @param label what the client called it
 */
public record Shipment(@Id @GeneratedSno Sno id, String label) {
}
