package dev.ids.sample.r2dbc;

import dev.ids.hibernate.GeneratedTraceId;
import org.springframework.data.annotation.Id;

/**
 * A trace entry, keyed by a TraceId held as a plain {@code Long} in a {@code BIGINT}. The generator annotation also
 * tells the starter's Jackson module to write the ID as a JSON string: JavaScript numbers lose the low digits of a
 * 63-bit ID.
 *
 * @param id the TraceId's {@code long}, {@code null} until saved
 * @param label what the client called it
 */
public record TraceEntry(@Id @GeneratedTraceId Long id, String label) {
}
