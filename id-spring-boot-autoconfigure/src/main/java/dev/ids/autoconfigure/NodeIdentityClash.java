package dev.ids.autoconfigure;

import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import java.util.Map;
import java.util.Objects;

/** Tells whether two generators would issue the same IDs because they share a node identity. */
final class NodeIdentityClash {

    private NodeIdentityClash() {
    }

    static boolean between(MonitoredIdGenerator<?> one, MonitoredIdGenerator<?> other) {
        if (one.scheme() != other.scheme()) {
            return false;
        }
        Map<String, Object> a = one.settings();
        Map<String, Object> b = other.settings();
        return switch (one.scheme()) {
            case TRACE_ID -> same("nodeNo", a, b);
            case LABLE -> same("generatorId", a, b) && same("clusterId", a, b) && same("mode", a, b);
            case SNO -> same("partition", a, b) && overlap(a, b);
            case MUID -> same("medallion", a, b);
            case GID -> false;
        };
    }

    static String describe(IdScheme scheme) {
        return switch (scheme) {
            case TRACE_ID -> "node-no";
            case LABLE -> "generator-id within a cluster-id";
            case SNO -> "partition, or disjoint sequence-min..sequence-max within one partition";
            case MUID -> "medallion";
            case GID -> "none needed";
        };
    }

    private static boolean same(String key, Map<String, Object> a, Map<String, Object> b) {
        return Objects.equals(a.get(key), b.get(key));
    }

    private static boolean overlap(Map<String, Object> a, Map<String, Object> b) {
        int minA = (Integer) a.get("sequenceMin");
        int maxA = (Integer) a.get("sequenceMax");
        int minB = (Integer) b.get("sequenceMin");
        int maxB = (Integer) b.get("sequenceMax");
        return minA <= maxB && minB <= maxA;
    }
}
