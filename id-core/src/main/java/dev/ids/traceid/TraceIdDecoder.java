package dev.ids.traceid;

import dev.ids.DecodedId;
import dev.ids.IdScheme;
import dev.ids.IdSchemeDecoder;

/**
 * Decodes {@link TraceId}s for {@link IdScheme#TRACE_ID}; found by {@link IdScheme} as a service.
 */
public final class TraceIdDecoder implements IdSchemeDecoder {

    /** For the service loader. */
    public TraceIdDecoder() {
    }

    @Override
    public String schemeName() {
        return IdScheme.TRACE_ID.schemeName();
    }

    @Override
    public DecodedId decode(String text) {
        return TraceId.parse(text).decoded();
    }
}
