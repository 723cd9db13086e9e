package dev.ids;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Everything the integrations need to know about one scheme's value type, in one place: its name, class, sizes, the
 * forms it converts to and from, and the column it is best stored in. The Hibernate types, the JPA converters, the
 * Jackson module, the Spring MVC converters and {@link IdScheme#decode(String)} read it instead of each writing its
 * own switch over the five schemes.
 *
 * <p>Each scheme package provides one as a stateless singleton ({@code TraceIdDescriptor.INSTANCE} and so on),
 * also registered as a service in {@code META-INF/services/dev.ids.IdDescriptor}; {@link IdScheme#descriptor()}
 * loads them with {@link java.util.ServiceLoader} on first use, so that this package, which every scheme depends on,
 * depends on none of them. For the same reason a descriptor names its scheme by {@link #schemeName()} rather than by
 * the {@link IdScheme} constant.
 *
 * <p>Every value type has a {@link Form#TEXT text} and a {@link Form#BYTES binary} form; the 64-bit ones also a
 * {@link Form#LONG long}, the 128-bit ones with a UUID's size a {@link Form#UUID UUID}. The conversions of a form a
 * type does not have throw an {@link UnsupportedOperationException} naming the scheme and the forms it has.
 * Conversions from a form are as strict as the type's own {@code parse}, {@code fromBytes}, {@code fromLong} and
 * {@code fromUuid}: what they refuse fails with an {@link InvalidIdException} naming the input.
 *
 * @param <T> the scheme's value type
 */
public interface IdDescriptor<T> {

    /** A form an ID takes outside its value type: in text, in a column, in JSON. */
    enum Form {

        /** The canonical string ({@code toString()}), or its column variant (see {@link IdDescriptor#toColumnText}). */
        TEXT,

        /** The binary form, {@link IdDescriptor#byteLength()} bytes that sort like the values as unsigned bytes. */
        BYTES,

        /** A {@code long}: the 64-bit value of TraceIds and Lable IDs. */
        LONG,

        /** A {@link java.util.UUID} holding the 16 bytes: GIDs and muids. */
        UUID
    }

    /**
     * Returns the name of the scheme, as {@link IdScheme#schemeName()} spells it.
     *
     * @return the scheme's name, for example {@code "sno"}
     */
    String schemeName();

    /**
     * Returns the scheme's value type.
     *
     * @return the class, for example {@code Sno.class}
     */
    Class<T> valueType();

    /**
     * Returns the type of the scheme's generators: the type a generator bean is looked up by and the Hibernate
     * setting {@code ids.generator.<scheme>} holds.
     *
     * @return the class, for example {@code SnoGenerator.class}
     */
    Class<? extends IdGenerator<T>> generatorType();

    /**
     * Returns the names of the settings {@link #idSupplier} reads, for refusing any other.
     *
     * @return the names, in the order a message lists them, for example {@code ["partition", "meta"]}
     */
    List<String> settingNames();

    /**
     * Builds a generator of the scheme from settings and returns the IDs it issues, as the command line's
     * {@code generate} prints them.
     *
     * @param settings the settings, read only by the names of {@link #settingNames()}
     * @return a new ID on each call
     * @throws RuntimeException of the settings' kind when a setting is missing or out of range
     */
    Supplier<T> idSupplier(GeneratorSettings settings);

    /**
     * Tells whether two generators of this scheme would issue the same IDs because they share a node identity.
     *
     * @param one the {@link MonitoredIdGenerator#settings()} of one generator
     * @param other those of the other
     * @return whether their IDs may repeat each other's; never for a scheme without node identities (GIDs)
     */
    boolean shareNodeIdentity(Map<String, Object> one, Map<String, Object> other);

    /**
     * Describes what keeps two generators of this scheme apart, in the names of the {@code ids.<scheme>} properties,
     * for messages.
     *
     * @return for example {@code "medallion"}, or {@code "none needed"} for GIDs
     */
    String nodeIdentityRule();

    /**
     * Returns the field of this scheme's IDs that keeps its generators apart, as integrations configure and lease it.
     *
     * @return the field; empty for a scheme whose generators need no identity (GIDs)
     */
    default Optional<NodeIdentityField> nodeIdentityField() {
        return Optional.empty();
    }

    /**
     * Returns the length of the text a column holds ({@link #toColumnText}): the canonical string's length, for a
     * TraceId the longest one's, 19.
     *
     * @return the number of characters a fixed-width string column needs
     */
    int textLength();

    /**
     * Returns the length of the binary form.
     *
     * @return the number of bytes
     */
    int byteLength();

    /**
     * Returns the forms the value type converts to and from.
     *
     * @return an unmodifiable set holding {@link Form#TEXT}, {@link Form#BYTES}, and {@link Form#LONG} or
     *     {@link Form#UUID} where the type has one
     */
    Set<Form> forms();

    /**
     * Returns the form a column of the value type holds unless the mapping asks for another: the one that sorts like
     * the values and takes least space ({@link Form#UUID} where the database's UUID type compares by bytes, binary
     * elsewhere: the Hibernate type decides that).
     *
     * @return one of {@link #forms()}
     */
    Form column();

    /**
     * Tells whether the value type has a form.
     *
     * @param form the form
     * @return {@code true} when {@link #forms()} holds it
     */
    default boolean supports(Form form) {
        return forms().contains(form);
    }

    /**
     * Parses the canonical string, as the type's strict {@code parse(String)} does.
     *
     * @param text the string
     * @return the ID
     * @throws InvalidIdException naming the text when it is not the canonical string of an ID of this scheme
     */
    T parse(String text);

    /**
     * Tells whether a text is the canonical string of an ID of this scheme: exactly when {@link #parse} accepts it.
     *
     * @param text the text, may be {@code null}
     * @return {@code true} when it parses
     */
    boolean isValid(@Nullable CharSequence text);

    /**
     * Returns the canonical string of an ID.
     *
     * @param value the ID
     * @return its {@code toString()}
     */
    default String format(T value) {
        return value.toString();
    }

    /**
     * Returns the text a string column holds: the canonical string, except for a TraceId, whose decimal digits are
     * left-padded with zeros to {@link #textLength()} so that the column sorts like the values.
     *
     * @param value the ID
     * @return the column text
     */
    default String toColumnText(T value) {
        return format(value);
    }

    /**
     * Reads the text of a string column: what {@link #toColumnText} writes, or the canonical string.
     *
     * @param text the column text
     * @return the ID
     * @throws InvalidIdException naming the text when it is neither
     */
    default T fromColumnText(String text) {
        return parse(text);
    }

    /**
     * Returns the binary form of an ID.
     *
     * @param value the ID
     * @return a new array of {@link #byteLength()} bytes
     */
    byte[] toBytes(T value);

    /**
     * Reads the binary form, as the type's strict {@code fromBytes(byte[])} does.
     *
     * @param bytes the bytes
     * @return the ID
     * @throws InvalidIdException naming the bytes when they are not the binary form of an ID of this scheme
     */
    T fromBytes(byte[] bytes);

    /**
     * Returns the {@code long} form of a 64-bit ID.
     *
     * @param value the ID
     * @return its 64-bit value
     * @throws UnsupportedOperationException naming the scheme when it has no {@link Form#LONG} form
     */
    default long toLong(T value) {
        throw unsupported(Form.LONG);
    }

    /**
     * Reads the {@code long} form of a 64-bit ID.
     *
     * @param value the 64-bit value
     * @return the ID
     * @throws InvalidIdException naming the value when it is not the value of an ID of this scheme
     * @throws UnsupportedOperationException naming the scheme when it has no {@link Form#LONG} form
     */
    default T fromLong(long value) {
        throw unsupported(Form.LONG);
    }

    /**
     * Returns the UUID holding the 16 bytes of an ID.
     *
     * @param value the ID
     * @return the UUID
     * @throws UnsupportedOperationException naming the scheme when it has no {@link Form#UUID} form
     */
    default UUID toUuid(T value) {
        throw unsupported(Form.UUID);
    }

    /**
     * Reads the ID a UUID holds.
     *
     * @param uuid the UUID
     * @return the ID
     * @throws InvalidIdException naming the UUID when its bytes are not an ID of this scheme
     * @throws UnsupportedOperationException naming the scheme when it has no {@link Form#UUID} form
     */
    default T fromUuid(UUID uuid) {
        throw unsupported(Form.UUID);
    }

    /**
     * Returns the instant an ID embeds, as its {@code timestamp()} does.
     *
     * @param value the ID
     * @return the instant
     */
    Instant timestamp(T value);

    /**
     * Returns the decoded view of an ID, as its {@code decoded()} does.
     *
     * @param value the ID
     * @return the decoded view
     */
    DecodedId decoded(T value);

    /**
     * Parses an ID from its canonical string and decodes it.
     *
     * @param text the string, not null
     * @return its decoded view
     * @throws InvalidIdException naming the text when it is not the canonical string of an ID of this scheme
     */
    default DecodedId decode(String text) {
        return decoded(parse(text));
    }

    private UnsupportedOperationException unsupported(Form form) {
        return new UnsupportedOperationException("A " + schemeName() + " ID has no " + form + " form; its forms: "
                + forms());
    }
}
