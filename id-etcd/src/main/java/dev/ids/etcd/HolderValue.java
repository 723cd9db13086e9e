package dev.ids.etcd;

/**
 * What a lease key holds: the holder value (holder id, {@code #}, lease number) and the instant its lease expires
 * unless renewed, in milliseconds since the Unix epoch on the holder's clock, written by the claim and rewritten by
 * every renewal, as {@code <holder>\n<expiresAtMillis>} (a holder id has no control characters). A keep-alive changes
 * no key, so this rewrite is what lets a reader see that a holder renewed: two reads of an untouched key are equal,
 * as {@link dev.ids.node.IdentityTakeOver} needs.
 *
 * @param holder the holder value
 * @param expiresAtMillis the expiry the holder counted; 0 when the key holds none (written by hand)
 */
record HolderValue(String holder, long expiresAtMillis) {

    /** The key's value. */
    String encode() {
        return holder + "\n" + expiresAtMillis;
    }

    /** Reads a key's value; one without an expiry is all holder. */
    static HolderValue decode(String text) {
        int newline = text.lastIndexOf('\n');
        if (newline < 0) {
            return new HolderValue(text, 0);
        }
        try {
            return new HolderValue(text.substring(0, newline), Long.parseLong(text.substring(newline + 1)));
        } catch (NumberFormatException e) {
            return new HolderValue(text, 0);
        }
    }
}
