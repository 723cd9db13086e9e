package dev.ids;

import dev.ids.IdDescriptor.Form;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a scheme's descriptor names of its value type and generators that integrations ask at start-up: the scheme,
 * the sizes (which decide the forms it has and the column it prefers), the generator's class and settings, and what
 * keeps two generators apart. Plain values only: the functions that convert an ID to and from its forms are named
 * apart, in {@link AbstractIdDescriptor#defineConversions}, and made on the first conversion, so that describing the
 * five schemes at start-up spins no class per method reference. Filled in once, in the descriptor's constructor, by
 * chained calls from {@link AbstractIdDescriptor#define}; a part left out fails that constructor, naming the part.
 *
 * @param <T> the scheme's value type
 */
public final class IdDescriptorDefinition<T> {

    final String schemeName;
    final Class<T> valueType;
    final Set<Form> forms = EnumSet.noneOf(Form.class);
    int textLength;
    int byteLength;
    @Nullable Class<? extends IdGenerator<T>> generatorType;
    @Nullable List<String> settingNames;
    @Nullable String nodeIdentityRule;
    @Nullable List<String> nodeIdentityKeys;
    @Nullable NodeIdentityField nodeIdentityField;

    IdDescriptorDefinition(String schemeName, Class<T> valueType) {
        this.schemeName = Objects.requireNonNull(schemeName, "schemeName");
        this.valueType = Objects.requireNonNull(valueType, "valueType");
    }

    /**
     * Names the text form, the canonical string; {@link IdConversions#text} names its functions.
     *
     * @param length the length of the text a column holds
     * @return this definition
     */
    public IdDescriptorDefinition<T> text(int length) {
        this.textLength = length;
        forms.add(Form.TEXT);
        return this;
    }

    /**
     * Names the binary form; {@link IdConversions#bytes} names its functions. Its length decides the other forms,
     * as {@link IdDescriptor} states them: eight bytes also make a {@code long} ({@link IdConversions#longs} names
     * its functions), sixteen a UUID ({@link IdConversions#uuids}); and the column holds the UUID, the {@code long}
     * or else the bytes (see {@link IdDescriptor#column()}).
     *
     * @param length the number of bytes
     * @return this definition
     */
    public IdDescriptorDefinition<T> bytes(int length) {
        this.byteLength = length;
        forms.add(Form.BYTES);
        if (length == Long.BYTES) {
            forms.add(Form.LONG);
        } else if (length == 2 * Long.BYTES) {
            forms.add(Form.UUID);
        }
        return this;
    }

    /**
     * Names the type of the scheme's generators.
     *
     * @param type the generator class, for example {@code SnoGenerator.class}
     * @return this definition
     */
    public IdDescriptorDefinition<T> generatedBy(Class<? extends IdGenerator<T>> type) {
        this.generatorType = type;
        return this;
    }

    /**
     * Names the settings the descriptor's {@link IdDescriptor#idSupplier} reads to build a generator.
     *
     * @param names the names of the settings, in the order a message lists them
     * @return this definition
     */
    public IdDescriptorDefinition<T> settings(String... names) {
        this.settingNames = List.of(names);
        return this;
    }

    /**
     * Names what keeps two generators of the scheme apart: two generators clash when their
     * {@link MonitoredIdGenerator#settings()} hold equal values under every key given (see
     * {@link AbstractIdDescriptor#shareNodeIdentity}); with no key, as for GIDs, they never do.
     *
     * @param rule the description {@link IdDescriptor#nodeIdentityRule()} returns
     * @param keys the keys of the generators' settings that together make the node identity
     * @return this definition
     */
    public IdDescriptorDefinition<T> nodeIdentity(String rule, String... keys) {
        this.nodeIdentityRule = Objects.requireNonNull(rule, "rule");
        this.nodeIdentityKeys = List.of(keys);
        return this;
    }

    /**
     * Names the field of the scheme's IDs that keeps its generators apart; left out for a scheme that has none.
     *
     * @param field the setting, its range and its leased range
     * @return this definition
     */
    public IdDescriptorDefinition<T> identityField(NodeIdentityField field) {
        this.nodeIdentityField = Objects.requireNonNull(field, "field");
        return this;
    }

    /** The form a column holds: the UUID or the {@code long} where the scheme has one, else the bytes. */
    Form column() {
        return forms.contains(Form.UUID) ? Form.UUID : forms.contains(Form.LONG) ? Form.LONG : Form.BYTES;
    }

    /** Fails naming the first missing part, so that a new scheme's descriptor cannot half-load. */
    void checkComplete() {
        require(forms.contains(Form.TEXT), "text(...)");
        require(forms.contains(Form.BYTES), "bytes(...)");
        require(generatorType != null, "generatedBy(...)");
        require(settingNames != null, "settings(...)");
        require(nodeIdentityRule != null, "nodeIdentity(...)");
    }

    private void require(boolean present, String part) {
        if (!present) {
            throw new IllegalStateException("The " + schemeName + " descriptor's definition lacks " + part);
        }
    }
}
