package dev.ids.kubernetes;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The Lease objects of one namespace of identities: their names ({@code <prefix>-<key>-<identity>}), the labels a
 * claim lists them by and the annotations that keep the mark and the latest holder. An identity namespace may hold
 * capitals, {@code _} and {@code .}, which object names and label values refuse or restrict, so a namespace other
 * than plain lower-case letters, digits and {@code -} is keyed by a readable part and a hash of the whole.
 *
 * @param prefix the start of every object's name
 * @param namespace the identity namespace
 * @param key the namespace's part of the names and labels ({@link #key(String)})
 */
record LeaseNames(String prefix, String namespace, String key) {

    /** The label every object of the store carries, so that an operator can list them all. */
    static final String MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";
    static final String MANAGED_BY = "ids";
    /** The label naming the identity namespace's key, which a claim lists by. */
    static final String NAMESPACE_LABEL = "ids.dev/namespace";
    /** The label naming the identity. */
    static final String IDENTITY_LABEL = "ids.dev/identity";
    /** The annotation holding the high-water mark, in decimal milliseconds since the Unix epoch. */
    static final String MARK_ANNOTATION = "ids.dev/high-water-mark";
    /** The annotation naming the latest holder, kept after a release for the operator's listing. */
    static final String LATEST_HOLDER_ANNOTATION = "ids.dev/latest-holder";

    private static final Pattern PLAIN = Pattern.compile("[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?");
    private static final int READABLE_PART = 30;

    LeaseNames(String prefix, String namespace) {
        this(prefix, namespace, key(namespace));
    }

    /**
     * Checks an object name prefix: lower-case letters, digits and {@code -}, starting and ending with a letter or
     * digit, at most 40 characters, so that every name made from it is a valid object name.
     */
    static String checkPrefix(String prefix) {
        if (prefix == null || !PLAIN.matcher(prefix).matches()) {
            throw new IllegalArgumentException("Lease name prefix must be 1 to 40 lower-case letters, digits and '-', "
                    + "starting and ending with a letter or digit: '" + prefix + "'");
        }
        return prefix;
    }

    /** The key of an identity namespace: the namespace itself when plain, else a readable part and a hash. */
    static String key(String namespace) {
        if (PLAIN.matcher(namespace).matches()) {
            return namespace;
        }
        String readable = namespace.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        readable = readable.substring(0, Math.min(READABLE_PART, readable.length())).replaceAll("^-+|-+$", "");
        String hash = hash(namespace);
        return readable.isEmpty() ? hash : readable + "-" + hash;
    }

    private static String hash(String namespace) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(namespace.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The name of an identity's Lease object. */
    String name(long identity) {
        return prefix + "-" + key + "-" + identity;
    }

    /** The labels a claim lists the namespace's objects by. */
    Map<String, String> selector() {
        return Map.of(MANAGED_BY_LABEL, MANAGED_BY, NAMESPACE_LABEL, key);
    }

    /** The labels of an identity's object. */
    Map<String, String> labels(long identity) {
        return Map.of(MANAGED_BY_LABEL, MANAGED_BY, NAMESPACE_LABEL, key, IDENTITY_LABEL, Long.toString(identity));
    }

    /** The identity an object of this namespace stands for, or -1 for an object of another name or label. */
    long identityOf(Lease lease) {
        Map<String, String> labels = lease.getMetadata().getLabels();
        String label = labels == null ? null : labels.get(IDENTITY_LABEL);
        if (label == null || !label.matches("[0-9]{1,18}")) {
            return -1;
        }
        long identity = Long.parseLong(label);
        return name(identity).equals(lease.getMetadata().getName()) ? identity : -1;
    }
}
