package dev.ids.testing;

import dev.ids.IdScheme;

/** A valid canonical string of each scheme, for tests that change one character of it. */
public final class ValidTexts {

    private ValidTexts() {
    }

    /**
     * Returns a valid string of a scheme.
     *
     * @param scheme the scheme
     * @return its canonical string of one ID
     */
    public static String of(IdScheme scheme) {
        return switch (scheme) {
            case TRACE_ID -> "6123839962065403905";
            case LABLE -> "000d016fa28502a3";
            case GID -> "74gfrC8X75-4Fwt5S13qxVrN";
            case SNO -> "brpk4q72xwf2m63l";
            case MUID -> "5D5EAC793E61F-1BFC71B112D-0000000B";
        };
    }
}
