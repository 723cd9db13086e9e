package dev.ids.internal;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.function.Function;

/**
 * What the serialization proxies of the ID value types share: reading their binary form back and checking it.
 * Not part of the public API.
 *
 * <p>Each value type serializes as a small private proxy whose stream holds only the type's binary form, the same
 * bytes as its {@code toBytes()}. Reading the proxy resolves it through the type's {@code fromBytes}, so a stream
 * can only make an ID that the type's own checks accept; the value type itself refuses to be read from a stream
 * that holds its fields, as only a forged stream would.
 */
public final class SerialForms {

    private SerialForms() {
    }

    /**
     * Writes a proxy's binary form after its default fields (the scheme's name); called from the proxy's
     * {@code writeObject}.
     *
     * @param out the stream
     * @param bytes the binary form
     * @throws IOException when the stream cannot be written
     */
    public static void write(ObjectOutputStream out, byte[] bytes) throws IOException {
        out.defaultWriteObject();
        out.write(bytes);
    }

    /**
     * Reads the binary form {@link #write} wrote, exactly {@code length} bytes; called from the proxy's
     * {@code readObject} after its default fields.
     *
     * @param in the stream
     * @param scheme the scheme's name, for the message
     * @param length the length of the binary form
     * @return the bytes
     * @throws InvalidObjectException naming the scheme and the lengths when the stream holds fewer or more bytes
     * @throws IOException when the stream cannot be read
     */
    public static byte[] readBinaryForm(ObjectInputStream in, String scheme, int length) throws IOException {
        byte[] bytes = new byte[length];
        int read = in.readNBytes(bytes, 0, length);
        if (read < length || in.read() >= 0) {
            throw new InvalidObjectException("Invalid serialized " + scheme + ": the binary form is exactly " + length
                    + " bytes, the stream holds " + (read < length ? String.valueOf(read) : "more"));
        }
        return bytes;
    }

    /**
     * Makes the value of a binary form read from a stream, with the checks of the type's {@code fromBytes}.
     *
     * @param bytes the binary form
     * @param fromBytes the type's {@code fromBytes}
     * @param <T> the value type
     * @return the value
     * @throws InvalidObjectException with the message of the exception {@code fromBytes} refuses the bytes with
     *     (an {@code InvalidIdException}, which names the bytes and the rule they break), and that as its cause
     */
    public static <T> T resolve(byte[] bytes, Function<byte[], T> fromBytes) throws InvalidObjectException {
        try {
            return fromBytes.apply(bytes);
        }
        catch (IllegalArgumentException ex) {
            InvalidObjectException refused = new InvalidObjectException(ex.getMessage());
            refused.initCause(ex);
            throw refused;
        }
    }

    /**
     * Returns the exception a value type throws when a stream holds its fields instead of its proxy.
     *
     * @param type the value type
     * @return the exception, to throw
     */
    public static InvalidObjectException proxyRequired(Class<?> type) {
        return new InvalidObjectException(type.getSimpleName() + " is read only from its serial form, whose bytes "
                + "are checked like those of fromBytes; this stream holds the fields of a " + type.getName()
                + " directly, which only a forged stream does");
    }
}
