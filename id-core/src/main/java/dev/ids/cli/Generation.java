package dev.ids.cli;

import dev.ids.IdDescriptor;
import dev.ids.IdScheme;
import java.io.PrintStream;
import java.util.function.Supplier;

/** The {@code generate} command: a generator built from the scheme's options, and the IDs it prints. */
final class Generation {

    private final Supplier<?> ids;

    private Generation(Supplier<?> ids) {
        this.ids = ids;
    }

    /** Refuses the options the scheme does not take before reading any, so that a misspelt one is named first. */
    static Generation start(IdScheme scheme, Options options) {
        IdDescriptor<?> descriptor = scheme.descriptor();
        options.allowOnly(scheme.schemeName(), descriptor.settingNames());
        return new Generation(descriptor.idSupplier(new OptionSettings(scheme.schemeName(), options)));
    }

    /**
     * Prints {@code count} IDs, one per line, and stops early when the output is closed (as by {@code | head}).
     *
     * @return whether every ID was written
     */
    boolean writeTo(PrintStream out, long count) {
        for (long i = 0; i < count; i++) {
            out.println(ids.get());
            if ((i & 1023) == 1023 && out.checkError()) {
                return false;
            }
        }
        return !out.checkError();
    }
}
