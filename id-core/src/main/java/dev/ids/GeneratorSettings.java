package dev.ids;

/**
 * The settings a scheme's generator is built from, read by name: the command line's {@code --name value} options.
 * A scheme's {@link IdDescriptor#idSupplier(GeneratorSettings)} decides which settings it reads, their ranges and
 * defaults; the reader decides how a value is spelt and how a refusal is reported (a usage message on the command
 * line), so that every scheme's settings are read and refused alike.
 */
public interface GeneratorSettings {

    /**
     * Reads a node identity: a number with no default, since two processes that chose the same one would issue the
     * same IDs.
     *
     * @param name the setting's name, for example {@code "partition"}
     * @param min the smallest value allowed
     * @param max the largest value allowed
     * @param meaning what the value is, for the message when it is missing
     * @return the value, within {@code min..max}
     * @throws RuntimeException of the reader's kind when the setting is missing or not a number in the range
     */
    long nodeIdentity(String name, long min, long max, String meaning);

    /**
     * Reads a number.
     *
     * @param name the setting's name
     * @param defaultValue the value when the setting is not given
     * @param min the smallest value allowed
     * @param max the largest value allowed
     * @return the value, or the default
     * @throws RuntimeException of the reader's kind when the setting is not a number in the range
     */
    long number(String name, long defaultValue, long min, long max);

    /**
     * Tells whether a setting is given, for one whose absence means "choose one" rather than a default value.
     *
     * @param name the setting's name
     * @return whether it is given
     */
    boolean has(String name);

    /**
     * Reads one of an enum's constants, spelt as its name in lower case with {@code -} for {@code _}.
     *
     * @param name the setting's name
     * @param defaultValue the constant when the setting is not given
     * @param <E> the enum
     * @return the constant
     * @throws RuntimeException of the reader's kind when the setting names none of the constants
     */
    <E extends Enum<E>> E choice(String name, E defaultValue);
}
