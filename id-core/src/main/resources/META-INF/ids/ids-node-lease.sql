-- The node-identity lease table of dev.ids.node.jdbc.JdbcNodeLeaseProvider, for Flyway, Liquibase or a DBA.
-- One portable statement for H2, PostgreSQL and MariaDB (and MySQL); it is exactly the statement the provider
-- runs when createTable is on (the default). Rename the table if you like and pass the name to the provider's
-- builder (tableName); keep the column names and types.
--   namespace        what the identities are for, such as 'sno' or 'sno.payments' (NodeClaim.namespace)
--   node_id          the identity within the namespace
--   holder           which lease holds (or last held) the row: the provider's holder id and a lease number
--   expires_at       when the lease ends, in milliseconds since 1970-01-01T00:00:00Z, by the holder's clock;
--                    0 once released. Another process may take the row only after expires_at plus the grace.
--   high_water_mark  the latest time, in epoch milliseconds, for which any holder may have issued IDs
--
-- KEEP THE ROWS. A row is the only record of its identity's high-water mark. A released row (expires_at = 0)
-- is kept on purpose: the next holder of the identity starts from its mark. A clean-up job that deletes it makes the
-- next claimant of the identity wait about 20 s, as a claim that finds no mark starts beyond any time a former holder
-- may still issue IDs for. A holder whose row disappears is fenced at its next renewal or mark write (it logs that
-- its row was deleted) and must claim again.
-- Retiring a whole namespace (no instance claims in it any more) is the one safe deletion:
--   1. stop or reconfigure every instance that claims in the namespace;
--   2. wait until SELECT MAX(expires_at), MAX(high_water_mark) FROM ids_node_lease WHERE namespace = 'x'
--      returns two values below now minus the reclaim grace (epoch milliseconds): no lease is live and no
--      identity issued IDs for a time that is not well in the past;
--   3. DELETE FROM ids_node_lease WHERE namespace = 'x';
-- Should the namespace come back later, its new holders then issue IDs only for times after every old one.
CREATE TABLE IF NOT EXISTS ids_node_lease (
    namespace VARCHAR(64) NOT NULL,
    node_id BIGINT NOT NULL,
    holder VARCHAR(255) NOT NULL,
    expires_at BIGINT NOT NULL,
    high_water_mark BIGINT NOT NULL,
    PRIMARY KEY (namespace, node_id)
);
