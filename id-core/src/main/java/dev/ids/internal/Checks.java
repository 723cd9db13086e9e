package dev.ids.internal;

/**
 * Range checks with messages that name the value, its range and what it is. Not part of the public API.
 */
public final class Checks {

    private Checks() {
    }

    /**
     * Checks that a value lies in a closed range.
     *
     * @param name what the value is, for example {@code "partition"}
     * @param value the value
     * @param min the smallest allowed value
     * @param max the largest allowed value
     * @return the value
     * @throws IllegalArgumentException naming the value and the range when it lies outside
     */
    public static long inRange(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(outOfRange(name, value, min, max));
        }
        return value;
    }

    /**
     * Checks that an int value lies in a closed range.
     *
     * @param name what the value is
     * @param value the value
     * @param min the smallest allowed value
     * @param max the largest allowed value
     * @return the value
     * @throws IllegalArgumentException naming the value and the range when it lies outside
     */
    public static int inRange(String name, int value, int min, int max) {
        return (int) inRange(name, (long) value, min, max);
    }

    /**
     * Formats the message for a value outside a range: {@code "partition out of range [0, 65535]: 70000"}.
     *
     * @param name what the value is
     * @param value the value
     * @param min the smallest allowed value
     * @param max the largest allowed value
     * @return the message
     */
    public static String outOfRange(String name, long value, long min, long max) {
        return name + " out of range [" + min + ", " + max + "]: " + value;
    }
}
