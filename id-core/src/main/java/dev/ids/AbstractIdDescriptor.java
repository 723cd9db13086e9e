package dev.ids;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The part every scheme's {@link IdDescriptor} shares: each answer is one of the value type's own methods or
 * constants, or its generator's class and settings, so a scheme's descriptor only names them and adds what its scheme
 * does differently (a TraceId's column text, a sno's sequence ranges). It names the plain values integrations ask at
 * start-up in an {@link IdDescriptorDefinition} it passes to this constructor, its generator in
 * {@link #idSupplier}, and the conversion functions in {@link #defineConversions}, which runs on the first
 * conversion rather than at start-up: each method reference is a class the JVM spins when it is evaluated, and an
 * application describes all five schemes at start-up but converts the IDs of few of them, if any. What every value
 * type answers alike, its binary form, instant and decoded view, the descriptor asks the value itself
 * ({@link BinaryFormId}), so no scheme names a function for it.
 *
 * @param <T> the scheme's value type
 */
public abstract class AbstractIdDescriptor<T extends BinaryFormId> implements IdDescriptor<T> {

    private final IdDescriptorDefinition<T> definition;

    private final Set<Form> forms;

    /**
     * The functions, made on the first conversion. Threads that convert first at the same time may each make them;
     * they are alike, and the volatile write publishes whole ones, so no conversion waits on a lock (the reactive
     * integrations convert on event-loop threads).
     */
    private volatile @Nullable IdConversions<T> conversions;

    /**
     * Creates the descriptor from its definition.
     *
     * @param definition what the scheme names, from {@link #define}; not changed afterwards
     * @throws IllegalStateException naming the missing part when the definition lacks one (a text or binary form,
     *     the generator's class and settings, the node identity rule)
     */
    protected AbstractIdDescriptor(IdDescriptorDefinition<T> definition) {
        definition.checkComplete();
        this.definition = definition;
        this.forms = Collections.unmodifiableSet(EnumSet.copyOf(definition.forms));
    }

    /**
     * Starts the definition of a scheme's descriptor.
     *
     * @param schemeName the scheme's name, as {@link IdScheme#schemeName()} spells it
     * @param valueType the scheme's value type
     * @param <T> the scheme's value type
     * @return an empty definition
     */
    protected static <T> IdDescriptorDefinition<T> define(String schemeName, Class<T> valueType) {
        return new IdDescriptorDefinition<>(schemeName, valueType);
    }

    /**
     * Names the functions of each form the definition names, and of the decoding, by chained calls on the empty
     * conversions given. Called on the descriptor's first conversion, not at start-up; it may be called again by
     * threads converting first at the same time, so it only names functions.
     *
     * @param conversions the empty conversions to fill in
     */
    protected abstract void defineConversions(IdConversions<T> conversions);

    private IdConversions<T> conversions() {
        IdConversions<T> defined = conversions;
        if (defined == null) {
            defined = new IdConversions<>();
            defineConversions(defined);
            defined.checkComplete(definition.schemeName, forms);
            // A form the scheme lacks converts as the interface's defaults do: it fails naming the forms it has.
            if (!forms.contains(Form.LONG)) {
                defined.longs(IdDescriptor.super::toLong, IdDescriptor.super::fromLong);
            }
            if (!forms.contains(Form.UUID)) {
                defined.uuids(IdDescriptor.super::toUuid, IdDescriptor.super::fromUuid);
            }
            conversions = defined;
        }
        return defined;
    }

    @Override
    public final String schemeName() {
        return definition.schemeName;
    }

    @Override
    public final Class<T> valueType() {
        return definition.valueType;
    }

    @Override
    public final Class<? extends IdGenerator<T>> generatorType() {
        return checked(definition.generatorType);
    }

    @Override
    public final List<String> settingNames() {
        return checked(definition.settingNames);
    }

    /**
     * Tells whether two generators share a node identity: whether their settings hold equal values under every key
     * the definition's {@link IdDescriptorDefinition#nodeIdentity} names; never when it names none.
     *
     * @param one the {@link MonitoredIdGenerator#settings()} of one generator
     * @param other those of the other
     * @return whether their IDs may repeat each other's
     */
    @Override
    public boolean shareNodeIdentity(Map<String, Object> one, Map<String, Object> other) {
        List<String> keys = checked(definition.nodeIdentityKeys);
        for (String key : keys) {
            if (!Objects.equals(one.get(key), other.get(key))) {
                return false;
            }
        }
        return !keys.isEmpty();
    }

    @Override
    public final String nodeIdentityRule() {
        return checked(definition.nodeIdentityRule);
    }

    @Override
    public final Optional<NodeIdentityField> nodeIdentityField() {
        return Optional.ofNullable(definition.nodeIdentityField);
    }

    @Override
    public final int textLength() {
        return definition.textLength;
    }

    @Override
    public final int byteLength() {
        return definition.byteLength;
    }

    @Override
    public final Set<Form> forms() {
        return forms;
    }

    @Override
    public final Form column() {
        return definition.column();
    }

    @Override
    public final T parse(String text) {
        return checked(conversions().parser).apply(text);
    }

    @Override
    public final boolean isValid(@Nullable CharSequence text) {
        return checked(conversions().textCheck).test(text);
    }

    @Override
    public final byte[] toBytes(T value) {
        return value.toBytes();
    }

    @Override
    public final T fromBytes(byte[] bytes) {
        return checked(conversions().fromBytes).apply(bytes);
    }

    @Override
    public final long toLong(T value) {
        return checked(conversions().longOf).applyAsLong(value);
    }

    @Override
    public final T fromLong(long value) {
        return checked(conversions().fromLong).apply(value);
    }

    @Override
    public final UUID toUuid(T value) {
        return checked(conversions().uuidOf).apply(value);
    }

    @Override
    public final T fromUuid(UUID uuid) {
        return checked(conversions().fromUuid).apply(uuid);
    }

    @Override
    public final Instant timestamp(T value) {
        return value.timestamp();
    }

    @Override
    public final DecodedId decoded(T value) {
        return value.decoded();
    }

    /**
     * Returns a part of the definition or of the conversions that {@code checkComplete} has found present: the
     * constructor checks the definition, the first conversion the conversions, and both fail naming a missing part.
     */
    private static <P> P checked(@Nullable P part) {
        return Objects.requireNonNull(part, "a part checkComplete() found present");
    }
}
