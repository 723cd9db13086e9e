package dev.ids.sample.jdbc;

import dev.ids.hibernate.GeneratedMuid;
import dev.ids.muid.Muid;
import org.springframework.data.annotation.Id;

/**
 * A revision, keyed by a Gink muid stored in H2's {@code uuid} type.
 *
 * @param id the ID, {@code null} until saved
 * @param label what the client called it
 */
public record Revision(@Id @GeneratedMuid Muid id, String label) {
}
