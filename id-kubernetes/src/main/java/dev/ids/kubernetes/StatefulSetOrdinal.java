package dev.ids.kubernetes;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ordinal of a StatefulSet's pod, read from its name ({@code web-3} is pod 3), which Kubernetes also makes the
 * pod's host name ({@code HOSTNAME}). An ordinal alone guards nothing: a pod stuck terminating while its replacement
 * starts, or a StatefulSet of the same name in another namespace, has the same one. So the provider still holds the
 * identity as a lease ({@link KubernetesNodeLeaseProvider.Builder#podOrdinal(long)}), and the second pod fails to
 * claim it instead of issuing the same IDs.
 */
public final class StatefulSetOrdinal {

    /** The environment variable Kubernetes sets to the pod's name. */
    public static final String HOSTNAME = "HOSTNAME";

    private static final Pattern POD_NAME = Pattern.compile(".*[a-z0-9]-(0|[1-9][0-9]{0,17})");

    private StatefulSetOrdinal() {
    }

    /**
     * Reads the ordinal from a StatefulSet pod's name.
     *
     * @param podName the pod's name, such as {@code web-3}
     * @return the ordinal, such as 3
     * @throws IllegalArgumentException when the name does not end in {@code -<ordinal>}
     */
    public static long of(String podName) {
        Objects.requireNonNull(podName, "podName");
        Matcher matcher = POD_NAME.matcher(podName);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("Pod name '" + podName + "' does not end in '-<ordinal>' as the "
                    + "pods of a StatefulSet do (web-0, web-1, ...): not a StatefulSet pod, or a host name set by "
                    + "hand; set the ordinal explicitly instead");
        }
        return Long.parseLong(matcher.group(1));
    }

    /**
     * Reads this pod's ordinal from the {@value #HOSTNAME} environment variable.
     *
     * @return the ordinal
     * @throws IllegalArgumentException when {@value #HOSTNAME} is unset or does not end in {@code -<ordinal>}
     */
    public static long ofThisPod() {
        String hostname = System.getenv(HOSTNAME);
        if (hostname == null || hostname.isEmpty()) {
            throw new IllegalArgumentException("The environment variable " + HOSTNAME + " is not set, so this pod's "
                    + "StatefulSet ordinal cannot be read; set the ordinal explicitly instead");
        }
        return of(hostname);
    }
}
