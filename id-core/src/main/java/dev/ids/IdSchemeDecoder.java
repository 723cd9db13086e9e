package dev.ids;

/**
 * Decodes the string form of one scheme's identifiers: how {@link IdScheme#decode(String)} reaches a scheme's value
 * type without this package depending on the scheme's.
 *
 * <p>Each scheme package provides one, registered as a service in
 * {@code META-INF/services/dev.ids.IdSchemeDecoder}; {@link IdScheme} loads them with {@link java.util.ServiceLoader}
 * on first use. An implementation needs a public no-argument constructor.
 */
public interface IdSchemeDecoder {

    /**
     * Returns the name of the scheme whose identifiers this decoder reads, as {@link IdScheme#schemeName()} spells
     * it (a name rather than the constant, so that the decoder and the registry do not depend on each other).
     *
     * @return the scheme's name, for example {@code "sno"}
     */
    String schemeName();

    /**
     * Parses an identifier of the scheme from its string form and decodes it.
     *
     * @param text the identifier's string form, not null
     * @return its decoded view
     * @throws InvalidIdException when the text is not a valid identifier of the scheme
     */
    DecodedId decode(String text);
}
