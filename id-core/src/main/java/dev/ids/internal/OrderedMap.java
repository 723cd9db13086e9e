package dev.ids.internal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Small unmodifiable maps that keep the order they were given in. Not part of the public API. */
public final class OrderedMap {

    private OrderedMap() {
    }

    /**
     * Returns an unmodifiable map of the given keys and values, in that order.
     *
     * @param keysAndValues a key, its value, the next key, its value, and so on
     * @return the map
     */
    public static Map<String, Object> of(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(map);
    }
}
