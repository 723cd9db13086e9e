package dev.ids.sample.r2dbc;

import dev.ids.gid.Gid;
import dev.ids.hibernate.GeneratedGid;
import org.springframework.data.annotation.Id;

/**
 * A log record, keyed by a GID from the named generator {@code logs} ({@code ids.gid.named.logs}, which makes LOG
 * GIDs); stored in the {@code uuid} type, which on H2 and PostgreSQL sorts like the GIDs.
 *
 * @param id the ID, {@code null} until saved
 * @param label what the client called it
 */
public record LogRecord(@Id @GeneratedGid(name = "logs") Gid id, String label) {
}
