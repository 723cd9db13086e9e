package dev.ids.sample.jdbc;

import dev.ids.gid.Gid;
import dev.ids.hibernate.GeneratedGid;
import org.springframework.data.annotation.Id;

/**
 * A log record, keyed by a GID from the named generator {@code logs} ({@code ids.gid.named.logs}, which makes LOG
 * GIDs); stored in H2's {@code uuid} type, which sorts like the GIDs.
 *
 * @param id the ID, {@code null} until saved
 * @param label what the client called it
 */
public record LogRecord(@Id @GeneratedGid(name = "logs") Gid id, String label) {
}
