package dev.ids.autoconfigure.actuate;

import dev.ids.internal.Chars;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

/**
 * Web extension of the {@link IdsEndpoint}: answers an unknown scheme or an invalid ID with status 400 and the
 * decoded view's error object, {@code {"input": "...", "error": "..."}}, whatever the server's error page shows; when no
 * scheme was given, the object also lists each scheme's reason under {@code rejected}. The input appears there as in
 * every error message, at most about 100 characters of it, escaped, then its length, so that the answer to a long
 * request stays small.
 */
@EndpointWebExtension(endpoint = IdsEndpoint.class)
public final class IdsEndpointWebExtension {

    private final IdsEndpoint endpoint;

    /**
     * Creates the extension of an endpoint.
     *
     * @param endpoint the endpoint that decodes
     */
    public IdsEndpointWebExtension(IdsEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    /**
     * Decodes an ID of the given scheme.
     *
     * @param scheme the scheme's name, for example {@code sno} or {@code trace-id}
     * @param id the ID's string form
     * @return the decoded view with status 200, or the input and what is wrong with it with status 400
     */
    @ReadOperation
    public WebEndpointResponse<Object> decode(@Selector String scheme, @Selector String id) {
        try {
            return new WebEndpointResponse<>(endpoint.decode(scheme, id));
        } catch (InvalidEndpointRequestException ex) {
            return badRequest(id, ex);
        }
    }

    /**
     * Lists the lease rows for {@value IdsEndpoint#LEASES}, else decodes an ID of unknown scheme as every scheme that
     * accepts it.
     *
     * @param id {@value IdsEndpoint#LEASES}, or the ID's string form
     * @return the lease rows, or the input, the decoded views and the other schemes' reasons, with status 200; or,
     *     with status 400 when no scheme accepts it, the input, the error and each scheme's reason under
     *     {@code rejected}
     */
    @ReadOperation
    public WebEndpointResponse<Object> decodeAnyScheme(@Selector String id) {
        if (IdsEndpoint.LEASES.equals(id)) {
            return new WebEndpointResponse<>(endpoint.leases());
        }
        IdsEndpoint.CandidatesDescriptor candidates = IdsEndpoint.candidates(id);
        if (!candidates.matches().isEmpty()) {
            return new WebEndpointResponse<>(candidates);
        }
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("input", Chars.excerpt(id));
        error.put("error", IdsEndpoint.noSchemeMessage(candidates));
        error.put("rejected", candidates.rejected());
        return new WebEndpointResponse<>(error, WebEndpointResponse.STATUS_BAD_REQUEST);
    }

    private static WebEndpointResponse<Object> badRequest(String id, InvalidEndpointRequestException ex) {
        Map<String, String> error = new LinkedHashMap<>();
        error.put("input", Chars.excerpt(id));
        error.put("error", ex.getReason());
        return new WebEndpointResponse<>(error, WebEndpointResponse.STATUS_BAD_REQUEST);
    }
}
