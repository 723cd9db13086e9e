package dev.ids.muid;

import dev.ids.DecodedId;
import dev.ids.IdScheme;
import dev.ids.IdSchemeDecoder;

/**
 * Decodes {@link Muid}s for {@link IdScheme#MUID}; found by {@link IdScheme} as a service.
 */
public final class MuidDecoder implements IdSchemeDecoder {

    /** For the service loader. */
    public MuidDecoder() {
    }

    @Override
    public String schemeName() {
        return IdScheme.MUID.schemeName();
    }

    @Override
    public DecodedId decode(String text) {
        return Muid.parse(text).decoded();
    }
}
