package dev.ids;

import dev.ids.internal.SerialForms;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * The serial form of every ID value type: a byte that names the scheme and the ID's binary form (the bytes of its
 * {@code toBytes()}), nothing else: 60 to 70 bytes a stream. A value type's {@code writeReplace} returns one; reading it back goes through
 * the scheme's {@link IdDescriptor#fromBytes(byte[])}, so a stream can only make an ID that the type's own checks
 * accept. Applications do not use this class; it is public because the value types live in other packages.
 */
public final class SerializedId implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * The scheme: its position among {@link IdScheme#values()}, so that position is part of the serial form and
     * the constants keep their order.
     */
    private final byte scheme;

    /** The binary form, written as block data after the scheme. */
    private transient byte[] bytes;

    /**
     * Creates the serial form of an ID.
     *
     * @param scheme the scheme's name, such as {@code "sno"}
     * @param bytes the ID's binary form
     */
    public SerializedId(String scheme, byte[] bytes) {
        this.scheme = (byte) IdScheme.of(scheme).ordinal();
        this.bytes = bytes;
    }

    /**
     * Writes the scheme, then the binary form as block data.
     *
     * @param out the stream
     * @throws IOException when the stream cannot be written
     */
    private void writeObject(ObjectOutputStream out) throws IOException {
        SerialForms.write(out, bytes);
    }

    /**
     * Reads the scheme, then exactly the scheme's number of bytes.
     *
     * @param in the stream
     * @throws IOException when the stream cannot be read, names no scheme or holds another number of bytes
     * @throws ClassNotFoundException when the stream names an unknown class
     */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        IdDescriptor<?> descriptor = descriptor();
        bytes = SerialForms.readBinaryForm(in, descriptor.schemeName(), descriptor.byteLength());
    }

    /**
     * Makes the ID, with the checks of the scheme's {@code fromBytes}.
     *
     * @return the ID
     * @throws InvalidObjectException when the bytes are not an ID of the scheme
     */
    private Object readResolve() throws InvalidObjectException {
        return SerialForms.resolve(bytes, descriptor()::fromBytes);
    }

    private IdDescriptor<?> descriptor() throws InvalidObjectException {
        IdScheme[] schemes = IdScheme.values();
        if (scheme < 0 || scheme >= schemes.length) {
            throw new InvalidObjectException("Invalid serialized ID: scheme " + scheme + " is none of the "
                    + schemes.length + " schemes (" + IdScheme.names() + ")");
        }
        return schemes[scheme].descriptor();
    }
}
