package dev.ids.cli;

import dev.ids.GeneratorSettings;
import dev.ids.internal.Chars;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A scheme's {@code generate} options as the settings its descriptor builds a generator from; every refusal is a
 * {@link UsageException}.
 *
 * @param scheme the scheme's name, for the message of a missing node identity
 * @param options the command line's options
 */
record OptionSettings(String scheme, Options options) implements GeneratorSettings {

    @Override
    public long nodeIdentity(String name, long min, long max, String meaning) {
        return options.requiredLong(scheme, name, min, max, meaning);
    }

    @Override
    public long number(String name, long defaultValue, long min, long max) {
        return options.longValue(name, defaultValue, min, max);
    }

    @Override
    public boolean has(String name) {
        return options.has(name);
    }

    /**
     * The constant whose name, lower case with {@code -} for {@code _}, is exactly the text: no case folding, which
     * would let {@code ſpread} (long s) pass for {@code spread}.
     */
    @Override
    public <E extends Enum<E>> E choice(String name, E defaultValue) {
        if (!options.has(name)) {
            return defaultValue;
        }
        String text = options.text(name, ""); // present: has(name)
        E[] constants = defaultValue.getDeclaringClass().getEnumConstants();
        for (E value : constants) {
            if (optionName(value).equals(text)) {
                return value;
            }
        }
        throw new UsageException("--" + name + " must be one of " + Arrays.stream(constants)
                .map(OptionSettings::optionName).collect(Collectors.joining(", ")) + ": " + Chars.quote(text));
    }

    private static String optionName(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
