package dev.ids.lable;

import dev.ids.DecodedId;
import dev.ids.IdScheme;
import dev.ids.IdSchemeDecoder;

/**
 * Decodes {@link LableId}s for {@link IdScheme#LABLE}; found by {@link IdScheme} as a service.
 */
public final class LableIdDecoder implements IdSchemeDecoder {

    /** For the service loader. */
    public LableIdDecoder() {
    }

    @Override
    public String schemeName() {
        return IdScheme.LABLE.schemeName();
    }

    @Override
    public DecodedId decode(String text) {
        return LableId.parse(text).decoded();
    }
}
