package dev.ids.autoconfigure.data;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * The generated IDs of the application's aggregate types, each type inspected once: whether its {@code @Id} asks
 * for an ids generator ({@code @GeneratedSno}, {@code @GeneratedValue(generator = "sno")}), which generator bean
 * that is, and whether the property's type can hold the scheme on this database. Shared by the Spring Data JDBC and
 * R2DBC callbacks, whose mapping contexts are both {@link RelationalMappingContext}s.
 */
public final class GeneratedIds {

    private final ObjectProvider<RelationalMappingContext> mappingContexts;

    private final Supplier<? extends @Nullable Dialect> dialect;

    private final GeneratorBeans generators;

    private final String store;

    /** What each type needs: empty for the many types whose ID asks for no ids generator. */
    private final Map<Class<?>, Optional<GeneratedId>> byType = new ConcurrentHashMap<>();

    /**
     * Creates the registry; nothing is inspected until asked.
     *
     * @param mappingContexts the store's mapping context
     * @param dialect the database's dialect, asked once per type inspected; {@code null} when unknown
     * @param generators the lookup of generator beans
     * @param store the Spring Data module, {@code "Spring Data R2DBC"}, for messages
     */
    public GeneratedIds(ObjectProvider<RelationalMappingContext> mappingContexts,
            Supplier<? extends @Nullable Dialect> dialect, GeneratorBeans generators, String store) {
        this.mappingContexts = mappingContexts;
        this.dialect = dialect;
        this.generators = generators;
        this.store = store;
    }

    /**
     * Returns the generated ID of a type, inspecting the type on its first call.
     *
     * @param type the aggregate's class
     * @return the generated ID, or empty when the type's ID asks for no ids generator
     * @throws IllegalStateException or {@link dev.ids.autoconfigure.IdsConfigurationException} naming the type's
     *     ID property when what it asks for cannot be given
     */
    public Optional<GeneratedId> of(Class<?> type) {
        Optional<GeneratedId> generated = byType.get(type);
        return generated != null ? generated : byType.computeIfAbsent(type, this::inspect);
    }

    /**
     * Inspects the types the mapping context knows, so that a generator that is missing fails the start-up. Reads
     * a copy of the entities, as inspecting may add entities to the context.
     */
    public void inspectKnownTypes() {
        RelationalMappingContext context = mappingContexts.getIfUnique();
        if (context != null) {
            List.copyOf(context.getPersistentEntities()).forEach((entity) -> of(entity.getType()));
        }
    }

    private Optional<GeneratedId> inspect(Class<?> type) {
        RelationalMappingContext context = mappingContexts.getIfUnique();
        RelationalPersistentEntity<?> entity = context == null ? null : context.getPersistentEntity(type);
        if (entity == null) {
            return Optional.empty();
        }
        RelationalPersistentProperty property = entity.getIdProperty();
        if (property == null) {
            return Optional.empty();
        }
        String attribute = type.getSimpleName() + "." + property.getName();
        return GenerationRequest.of(attribute, property.getField(), property.getGetter())
                .map((request) -> GeneratedId.of(entity, property, attribute, request,
                        generators.find(request.reference(), attribute, request.usage()),
                        IdConverters.uuidSortsByBytes(dialect.get()), store));
    }
}
