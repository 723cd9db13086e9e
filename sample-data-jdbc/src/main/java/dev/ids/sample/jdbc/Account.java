package dev.ids.sample.jdbc;

import dev.ids.hibernate.GeneratedLableId;
import dev.ids.lable.LableId;
import org.springframework.data.annotation.Id;

/**
 * An account, keyed by a Lable ID stored as its {@code long} in a {@code BIGINT}. The generator runs in
 * time-sequential mode (application.yml), as only those IDs sort by time.
 *
 * @param id the ID, {@code null} until saved
 * @param label what the client called it
 */
public record Account(@Id @GeneratedLableId LableId id, String label) {
}
