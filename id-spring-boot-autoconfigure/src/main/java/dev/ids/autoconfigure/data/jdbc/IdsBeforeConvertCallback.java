package dev.ids.autoconfigure.data.jdbc;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;

/**
 * Gives a Spring Data JDBC aggregate whose ID asks for an ids generator ({@code @Id @GeneratedSno}, or
 * {@code @Id @GeneratedValue(generator = "sno")}) a new ID before it is converted for an insert, unless it has one.
 *
 * <p>Each aggregate type is inspected once, and its generator bean looked up once: the aggregates the mapping context
 * knows after start-up are inspected then, so that a missing generator fails the start-up; others on their first
 * save. Spring Data JDBC decides between insert and update before this callback runs: an aggregate whose ID is unset
 * is inserted, one with an ID the application assigned is updated by {@code save}; insert such aggregates with
 * {@code JdbcAggregateTemplate.insert}, which keeps the ID.
 */
public final class IdsBeforeConvertCallback implements BeforeConvertCallback<Object>, SmartInitializingSingleton {

    private final ObjectProvider<RelationalMappingContext> mappingContexts;

    private final ObjectProvider<Dialect> dialects;

    private final GeneratorBeans generators;

    /** What each aggregate type needs: empty for the many types whose ID asks for no ids generator. */
    private final Map<Class<?>, Optional<GeneratedId>> byType = new ConcurrentHashMap<>();

    IdsBeforeConvertCallback(ObjectProvider<RelationalMappingContext> mappingContexts,
            ObjectProvider<Dialect> dialects, GeneratorBeans generators) {
        this.mappingContexts = mappingContexts;
        this.dialects = dialects;
        this.generators = generators;
    }

    /**
     * Assigns a generated ID to an aggregate that has none.
     *
     * @param aggregate the aggregate about to be saved
     * @return the aggregate with its ID
     */
    @Override
    public Object onBeforeConvert(Object aggregate) {
        Optional<GeneratedId> generated = byType.get(aggregate.getClass());
        if (generated == null) {
            generated = byType.computeIfAbsent(aggregate.getClass(), this::inspect);
        }
        return generated.isPresent() ? generated.get().assignIfUnset(aggregate) : aggregate;
    }

    /** Inspects the aggregates known at start-up, so that a generator that is missing fails it. */
    @Override
    public void afterSingletonsInstantiated() {
        RelationalMappingContext context = mappingContexts.getIfUnique();
        if (context != null) {
            List.copyOf(context.getPersistentEntities())
                    .forEach((entity) -> byType.computeIfAbsent(entity.getType(), this::inspect));
        }
    }

    private Optional<GeneratedId> inspect(Class<?> type) {
        RelationalMappingContext context = mappingContexts.getIfUnique();
        RelationalPersistentEntity<?> entity = context == null ? null : context.getPersistentEntity(type);
        RelationalPersistentProperty property = entity == null ? null : entity.getIdProperty();
        if (property == null) {
            return Optional.empty();
        }
        String attribute = type.getSimpleName() + "." + property.getName();
        return GenerationRequest.of(attribute, property.getField(), property.getGetter())
                .map((request) -> GeneratedId.of(entity, property, attribute, request,
                        generators.find(request.reference(), attribute, request.usage()),
                        IdJdbcConverters.uuidSortsByBytes(dialects.getIfUnique())));
    }
}
