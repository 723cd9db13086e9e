package dev.ids.internal;

/**
 * Initialises classes ahead of their first use. Not part of the public API.
 *
 * <p>A generator initialises, as it is built, every class of ours that its calls need: a virtual thread that waits
 * for a class another thread is initialising holds its carrier thread meanwhile (JDK 21 to 25), so a class left to
 * the first {@code next()} pins carriers when an application's first requests arrive together.
 */
public final class Classes {

    private Classes() {
    }

    /**
     * Initialises the given classes, each unless it already is.
     *
     * @param classes the classes
     */
    public static void initialise(Class<?>... classes) {
        for (Class<?> type : classes) {
            try {
                Class.forName(type.getName(), true, type.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("A loaded class could not be found again: " + type.getName(), e);
            }
        }
    }
}
