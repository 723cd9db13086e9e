package dev.ids.cli;

import dev.ids.internal.Chars;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code --name value} options of a command line, taken one by one so that leftovers can be refused. */
final class Options {

    private final Map<String, String> values;

    private Options(Map<String, String> values) {
        this.values = values;
    }

    static Options parse(List<String> arguments) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            if (!argument.startsWith("--") || argument.length() == 2) {
                throw new UsageException("Unexpected argument " + Chars.quote(argument)
                        + "; options look like --name value");
            }
            String name = argument.substring(2);
            String value;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            } else if (i + 1 < arguments.size()) {
                value = arguments.get(++i);
            } else {
                throw new UsageException("Option " + Chars.quote("--" + name) + " needs a value");
            }
            if (values.put(name, value) != null) {
                throw new UsageException("Option " + Chars.quote("--" + name) + " is given twice");
            }
        }
        return new Options(values);
    }

    /** Refuses every option outside the allowed set, naming it and the options the scheme takes. */
    Options allowOnly(String scheme, List<String> allowed) {
        for (String name : values.keySet()) {
            if (!allowed.contains(name)) {
                throw new UsageException("Unknown option " + Chars.quote("--" + name) + " for " + scheme + "; "
                        + (allowed.isEmpty() ? "it takes no options" : "it takes --" + String.join(", --", allowed)));
            }
        }
        return this;
    }

    long longValue(String name, long defaultValue, long min, long max) {
        String value = values.get(name);
        return value == null ? defaultValue : parseLong("--" + name, value, min, max);
    }

    /**
     * The value of an option that has no default: a node identity the tool cannot choose, since two processes that
     * pick the same one issue the same IDs.
     */
    long requiredLong(String scheme, String name, long min, long max, String meaning) {
        String value = values.get(name);
        if (value == null) {
            throw new UsageException(scheme + " needs --" + name + " <" + min + ".." + max + ">: " + meaning
                    + "; the tool does not choose one, since two processes with the same one issue the same IDs");
        }
        return parseLong("--" + name, value, min, max);
    }

    String text(String name, String defaultValue) {
        return values.getOrDefault(name, defaultValue);
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    /**
     * Reads a number given as plain ASCII digits: no sign, no space, no other script's digits (which
     * {@link Long#parseLong(String)} would take), since a node identity read wrongly can repeat another's IDs.
     */
    static long parseLong(String what, String text, long min, long max) {
        if (text.isEmpty()) {
            throw new UsageException(what + " needs a whole number from " + min + " to " + max + ", got nothing");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new UsageException(what + " must be a whole number from " + min + " to " + max
                        + " in the digits 0-9 alone: " + Chars.quote(text) + " has " + Chars.describeAt(text, i));
            }
        }
        long value = 0;
        for (int i = 0; i < text.length(); i++) {
            int digit = text.charAt(i) - '0';
            if (value > max / 10 || value * 10 + digit > max) {
                throw outOfRange(what, text, min, max);
            }
            value = value * 10 + digit;
        }
        if (value < min) {
            throw outOfRange(what, text, min, max);
        }
        return value;
    }

    private static UsageException outOfRange(String what, String text, long min, long max) {
        return new UsageException(what + " out of range [" + min + ", " + max + "]: " + Chars.quote(text));
    }
}
