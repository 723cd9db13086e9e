package dev.ids.autoconfigure.data;

import dev.ids.IdDescriptor;
import dev.ids.IdDescriptor.Form;
import dev.ids.IdGenerator;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * The generated ID of one aggregate (or entity) type, prepared once: its property, the generator bean and how a
 * generated value becomes the property's type (the value type itself, or as with JPA, a {@code Long},
 * {@code String}, {@code byte[]} or {@code UUID} where the scheme has that form). Shared by the Spring Data JDBC and
 * R2DBC callbacks, which find it through {@link GeneratedIds}.
 */
public final class GeneratedId {

    private final RelationalPersistentEntity<?> entity;

    private final RelationalPersistentProperty property;

    private final IdDescriptor<?> descriptor;

    /** The form the property holds, or {@code null} for the value type itself. */
    private final @Nullable Form form;

    private final IdGenerator<?> generator;

    private GeneratedId(RelationalPersistentEntity<?> entity, RelationalPersistentProperty property,
            IdDescriptor<?> descriptor, @Nullable Form form, IdGenerator<?> generator) {
        this.entity = entity;
        this.property = property;
        this.descriptor = descriptor;
        this.form = form;
        this.generator = generator;
    }

    /**
     * Prepares the generation, or fails naming the property when its type cannot hold the scheme's IDs.
     *
     * @param attribute the property, {@code Payment.id}, for messages
     * @param request what the property asks for
     * @param generator the generator bean
     * @param uuidSortsByBytes whether the database's UUID type sorts like the IDs (see {@link IdConverters})
     * @param store the Spring Data module, {@code "Spring Data JDBC"}, for messages
     */
    static GeneratedId of(RelationalPersistentEntity<?> entity, RelationalPersistentProperty property,
            String attribute, GenerationRequest request, IdGenerator<?> generator, boolean uuidSortsByBytes,
            String store) {
        IdDescriptor<?> descriptor = request.reference().scheme().descriptor();
        Class<?> type = property.getType();
        Form form = formOf(descriptor, type);
        if (form == null && type != descriptor.valueType()) {
            String supported = supportedTypes(descriptor);
            throw new InvalidAggregateIdException(attribute, "The aggregate ID " + attribute + " of type "
                    + type.getName() + " cannot hold a " + descriptor.schemeName() + " (" + request.usage()
                    + "); supported types: " + supported, "Declare " + attribute + " as one of " + supported
                    + ", or remove " + request.usage() + ".");
        }
        if (form == Form.UUID && !uuidSortsByBytes) {
            // What JPA refuses too: the text or the native uuid type of such a database, not its BINARY(16).
            String fix = "Declare the ID as " + descriptor.valueType().getSimpleName() + " (stored as BINARY(16)) or "
                    + "byte[]";
            throw new InvalidAggregateIdException(attribute, "The aggregate ID " + attribute + " stores a "
                    + descriptor.schemeName() + " as java.util.UUID (" + request.usage() + "), which " + store
                    + " writes to this database as text or into its native uuid type; that type sorts the values out "
                    + "of ID order and may refuse them, as they are not RFC 9562 UUIDs. " + fix, fix + ".");
        }
        return new GeneratedId(entity, property, descriptor, form, generator);
    }

    /**
     * Gives the aggregate a new ID from the generator, waiting for it if need be, unless it has one.
     *
     * @param aggregate the aggregate about to be converted for saving
     * @return the aggregate with its ID: the same instance, or for an immutable property a copy
     */
    public Object assignIfUnset(Object aggregate) {
        return needsId(aggregate) ? withId(aggregate, generator.next()) : aggregate;
    }

    /**
     * Tells whether the aggregate has no ID yet; a {@code long} or {@code Long} of 0 counts as none, as with JPA.
     *
     * @param aggregate the aggregate about to be converted for saving
     * @return whether an ID is to be generated for it
     */
    public boolean needsId(Object aggregate) {
        Object current = entity.getPropertyAccessor(aggregate).getProperty(property);
        return current == null || current instanceof Long number && number == 0L;
    }

    /**
     * Sets a generated ID, converted to the property's type.
     *
     * @param aggregate the aggregate
     * @param id a value of the scheme's value type, issued by {@link #generator()}
     * @return the aggregate with the ID: the same instance, or for an immutable property a copy
     */
    public Object withId(Object aggregate, Object id) {
        PersistentPropertyAccessor<Object> accessor = entity.getPropertyAccessor(aggregate);
        accessor.setProperty(property, form == null ? id : IdForms.write(descriptor, form, id));
        return accessor.getBean();
    }

    /**
     * Returns the generator bean the property takes its IDs from.
     *
     * @return the generator, one per bean however many types use it
     */
    public IdGenerator<?> generator() {
        return generator;
    }

    /**
     * The form of a property type other than the value type, as the JPA integration accepts it: a 64-bit ID as a
     * {@code Long} but not as bytes, a 128-bit one as a {@code UUID} or bytes, a sno as bytes, any as a string.
     */
    private static @Nullable Form formOf(IdDescriptor<?> descriptor, Class<?> type) {
        if (type == String.class) {
            return Form.TEXT;
        }
        if (type == Long.class || type == long.class) {
            return descriptor.supports(Form.LONG) ? Form.LONG : null;
        }
        if (type == UUID.class) {
            return descriptor.supports(Form.UUID) ? Form.UUID : null;
        }
        if (type == byte[].class) {
            return descriptor.supports(Form.LONG) ? null : Form.BYTES;
        }
        return null;
    }

    private static String supportedTypes(IdDescriptor<?> descriptor) {
        String forms = descriptor.supports(Form.LONG) ? "Long, long"
                : descriptor.supports(Form.UUID) ? "java.util.UUID, byte[]" : "byte[]";
        return forms + ", String, " + descriptor.valueType().getName();
    }
}
