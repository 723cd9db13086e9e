package dev.ids.node.sql;

import java.util.List;

/**
 * One statement on the lease table with its parameters, in the order of its markers: what a store runs, whichever
 * API it runs it through. The parameters are {@link String}s and {@link Long}s only, which every driver binds.
 *
 * @param sql the statement, with the database's clock still as a placeholder where the store puts it
 * @param parameters the values of its markers, first to last
 */
public record BoundSql(String sql, List<Object> parameters) {

    /**
     * Makes a statement with its parameters.
     *
     * @param sql the statement
     * @param parameters the values of its markers, first to last
     * @return the statement
     */
    static BoundSql of(String sql, Object... parameters) {
        return new BoundSql(sql, List.of(parameters));
    }
}
