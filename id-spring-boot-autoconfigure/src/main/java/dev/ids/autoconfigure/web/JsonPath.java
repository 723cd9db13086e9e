package dev.ids.autoconfigure.web;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;

/**
 * Writes the path of a Jackson failure as a property path ({@code order.items[2].id}). A class of its own so that
 * Jackson is loaded only when it is on the class path.
 */
final class JsonPath {

    private JsonPath() {
    }

    /** Returns the path of a Jackson exception that has one, otherwise {@code null}. */
    static @Nullable String of(Throwable failure) {
        if (!(failure instanceof JacksonException jackson) || jackson.getPath().isEmpty()) {
            return null;
        }
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference reference : jackson.getPath()) {
            if (reference.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
            }
            else {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }
}
