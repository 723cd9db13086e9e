package dev.ids.gid;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * A random source and the bytes drawn from it but not yet handed out, {@value GidGenerator#BUFFER_IDS} GIDs' worth
 * at a time. The source is created on the first draw, so that a buffer made ahead of use costs no cipher set-up.
 * Not thread-safe: its owner (a thread, or whoever holds a stripe's lock) serialises the calls.
 */
final class RandomBuffer {

    static final int BYTES = GidGenerator.BUFFER_IDS * Gid.RANDOM_BYTES;

    private static final VarHandle LONG_BE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final Supplier<? extends RandomGenerator> sources;
    private final byte[] bytes = new byte[BYTES];
    private @Nullable RandomGenerator source;
    private int position = BYTES;

    /**
     * Creates a buffer.
     *
     * @param sources called once, on the first draw, from the drawing thread
     */
    RandomBuffer(Supplier<? extends RandomGenerator> sources) {
        this.sources = sources;
    }

    /**
     * Returns the GID with the given type and time and the next 9 bytes of this buffer as its random part.
     *
     * @param high the prefix and millisecond, bytes 0..6 of the GID; byte 7 zero
     */
    Gid gid(long high) {
        if (position == BYTES) {
            if (source == null) {
                source = Objects.requireNonNull(sources.get(), "the random source supplier returned null");
            }
            source.nextBytes(bytes);
            position = 0;
        }
        return take(high);
    }

    /**
     * Like {@link #gid(long)} if that needs neither a new source nor a draw that could block, else {@code null}:
     * only the bytes buffered, or a refill from this library's AES-CTR keystream that needs no fresh system
     * randomness (no rekey). Any other source, such as a {@code SecureRandom} that reads the operating system, is
     * drawn from by {@link #gid(long)} only.
     *
     * @param high the prefix and millisecond, bytes 0..6 of the GID; byte 7 zero
     */
    @Nullable Gid tryGid(long high) {
        if (position == BYTES) {
            if (!(source instanceof AesCtrRandom aes) || !aes.drawsWithoutSeeding(BYTES)) {
                return null;
            }
            aes.nextBytes(bytes);
            position = 0;
        }
        return take(high);
    }

    private Gid take(long high) {
        int at = position;
        long byte7 = bytes[at] & 0xFF;
        long low = (long) LONG_BE.get(bytes, at + 1);
        position = at + Gid.RANDOM_BYTES;
        return new Gid(high | byte7 | 0x80, low);
    }
}
