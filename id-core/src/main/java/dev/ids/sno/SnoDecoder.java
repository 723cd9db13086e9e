package dev.ids.sno;

import dev.ids.DecodedId;
import dev.ids.IdScheme;
import dev.ids.IdSchemeDecoder;

/**
 * Decodes {@link Sno}s for {@link IdScheme#SNO}; found by {@link IdScheme} as a service.
 */
public final class SnoDecoder implements IdSchemeDecoder {

    /** For the service loader. */
    public SnoDecoder() {
    }

    @Override
    public String schemeName() {
        return IdScheme.SNO.schemeName();
    }

    @Override
    public DecodedId decode(String text) {
        return Sno.parse(text).decoded();
    }
}
