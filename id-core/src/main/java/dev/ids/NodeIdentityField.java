package dev.ids;

import java.util.Objects;

/**
 * The field of a scheme's IDs that keeps its generators apart (an elfo node number, a Lable generator id, a sno
 * partition, a muid medallion), as integrations configure and lease it: the setting that holds it, the values it
 * takes, the values a lease store hands out, and whether a generator can do without one.
 *
 * @param setting the name of the setting, as the Spring Boot starter spells it under {@code ids.<scheme>}:
 *     {@code node-no}, {@code generator-id}, {@code partition}, {@code medallion}
 * @param min the lowest value the field takes
 * @param max the highest value the field takes
 * @param leasedMin the lowest value a lease store hands out: at least {@code min}; above it where the scheme gives a
 *     low value a meaning (elfo reads node number 0 as "unknown")
 * @param leasedMax the highest value a lease store hands out: at most {@code max}; below it where the scheme draws
 *     random values from the upper part (muid medallions), so that a leased value never equals a random one
 * @param required whether a generator needs one; {@code false} where the scheme's specification lets a generator
 *     draw a random one (muid), which a lease then replaces only when the application asks for leases explicitly
 */
public record NodeIdentityField(String setting, long min, long max, long leasedMin, long leasedMax,
        boolean required) {

    /**
     * Checks the field.
     *
     * @param setting the name of the setting
     * @param min the lowest value
     * @param max the highest value
     * @param leasedMin the lowest value leased
     * @param leasedMax the highest value leased
     * @param required whether a generator needs one
     * @throws IllegalArgumentException unless {@code min <= leasedMin <= leasedMax <= max}
     */
    public NodeIdentityField {
        Objects.requireNonNull(setting, "setting");
        if (min > leasedMin || leasedMin > leasedMax || leasedMax > max) {
            throw new IllegalArgumentException("The node identity " + setting + " needs min <= leasedMin <= "
                    + "leasedMax <= max, not " + min + ", " + leasedMin + ", " + leasedMax + ", " + max);
        }
    }

    /**
     * A field every generator needs, leased over its whole range.
     *
     * @param setting the setting's name
     * @param max the highest value
     * @return the field, from 0 to {@code max}
     */
    public static NodeIdentityField required(String setting, long max) {
        return new NodeIdentityField(setting, 0, max, 0, max, true);
    }
}
