package dev.ids.gid;

import dev.ids.DecodedId;
import dev.ids.IdScheme;
import dev.ids.IdSchemeDecoder;

/**
 * Decodes {@link Gid}s for {@link IdScheme#GID}; found by {@link IdScheme} as a service.
 */
public final class GidDecoder implements IdSchemeDecoder {

    /** For the service loader. */
    public GidDecoder() {
    }

    @Override
    public String schemeName() {
        return IdScheme.GID.schemeName();
    }

    @Override
    public DecodedId decode(String text) {
        return Gid.parse(text).decoded();
    }
}
