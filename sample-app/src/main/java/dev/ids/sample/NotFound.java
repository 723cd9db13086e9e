package dev.ids.sample;

import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/** The 404 answer for an ID that is well formed but stored nowhere. */
public final class NotFound {

    private NotFound() {
    }

    /**
     * Makes the exception that answers 404 for an ID.
     *
     * @param what what was looked for, such as "order"
     * @param id the ID
     * @return the exception to throw
     */
    public static ResponseStatusException of(String what, Object id) {
        return new ResponseStatusException(HttpStatus.NOT_FOUND, "no " + what + " with id " + id);
    }
}
