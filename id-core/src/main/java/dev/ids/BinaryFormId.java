package dev.ids;

import dev.ids.internal.SerialForms;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.time.Instant;

/**
 * What every ID value type answers the same way, so that its scheme's descriptor ({@link AbstractIdDescriptor})
 * converts it without naming a function of its own: its binary form, the instant it embeds and its decoded view. And
 * the serial form every ID value type shares: its binary form, the bytes of {@code toBytes()}, in a
 * {@link SerializedId}, read back with the checks of the type's {@code fromBytes}. The base of the schemes' value
 * types, whose descriptors name them ({@link IdDescriptor#valueType()}); applications use the value types.
 *
 * <p>A stream that holds a value type's fields rather than the serial form is refused, as only a forged stream
 * holds them: whether it names this class ({@code readObject}) or leaves it out ({@code readObjectNoData}).
 */
public abstract class BinaryFormId implements Serializable {

    private static final long serialVersionUID = 1L;

    /** For the value types of the schemes, each the value type of one scheme's descriptor. */
    protected BinaryFormId() {
    }

    /**
     * Returns the binary form.
     *
     * @return a new array
     */
    public abstract byte[] toBytes();

    /**
     * Returns the instant the ID embeds.
     *
     * @return the instant, as precise as the scheme's timestamp
     */
    public abstract Instant timestamp();

    /**
     * Returns the decoded view: the scheme, the string and binary forms, the instant, the components and the bit
     * layout.
     *
     * @return the decoded view
     */
    public abstract DecodedId decoded();

    /**
     * Serializes this ID as its binary form in a {@link SerializedId}, which records the scheme the value type
     * belongs to.
     *
     * @return the serial form
     */
    protected final Object writeReplace() {
        return new SerializedId(IdScheme.of(getClass()).schemeName(), toBytes());
    }

    /**
     * Refuses a stream that holds the fields rather than the serial form.
     *
     * @param in the stream
     * @throws InvalidObjectException always
     */
    private void readObject(ObjectInputStream in) throws InvalidObjectException {
        throw SerialForms.proxyRequired(getClass());
    }

    /**
     * Refuses a stream that holds the fields of a value type but leaves this class out.
     *
     * @throws InvalidObjectException always
     */
    private void readObjectNoData() throws InvalidObjectException {
        throw SerialForms.proxyRequired(getClass());
    }
}
