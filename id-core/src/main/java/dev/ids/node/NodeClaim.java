package dev.ids.node;

import dev.ids.internal.Checks;
import java.util.Objects;

/**
 * What to claim: an identity from {@code min} to {@code max} within a namespace. Processes that claim in one
 * namespace never hold the same identity at once; a namespace is typically a scheme and a generator, such as
 * {@code sno} or {@code sno.payments}.
 *
 * @param namespace the namespace, 1 to 64 characters of letters, digits, {@code .}, {@code -} and {@code _}
 * @param min the lowest identity
 * @param max the highest identity
 */
public record NodeClaim(String namespace, long min, long max) {

    /**
     * Checks the claim.
     *
     * @param namespace the namespace
     * @param min the lowest identity
     * @param max the highest identity
     */
    public NodeClaim {
        Objects.requireNonNull(namespace, "namespace");
        if (!namespace.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new IllegalArgumentException("Namespace must be 1 to 64 letters, digits, '.', '-' or '_': '"
                    + namespace + "'");
        }
        Checks.inRange("min", min, 0, Long.MAX_VALUE);
        Checks.inRange("max", max, min, Long.MAX_VALUE);
    }
}
