package dev.ids.autoconfigure.data.jdbc;

import dev.ids.autoconfigure.data.GeneratedId;
import dev.ids.autoconfigure.data.GeneratedIds;
import java.util.Optional;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;

/**
 * Gives a Spring Data JDBC aggregate whose ID asks for an ids generator ({@code @Id @GeneratedSno}, or
 * {@code @Id @GeneratedValue(generator = "sno")}) a new ID before it is converted for an insert, unless it has one.
 *
 * <p>Each aggregate type is inspected once, and its generator bean looked up once ({@link GeneratedIds}): the
 * aggregates the mapping context knows after start-up are inspected then, so that a missing generator fails the
 * start-up; others on their first save. Spring Data JDBC decides between insert and update before this callback
 * runs: an aggregate whose ID is unset is inserted, one with an ID the application assigned is updated by
 * {@code save}; insert such aggregates with {@code JdbcAggregateTemplate.insert}, which keeps the ID.
 */
public final class IdsBeforeConvertCallback implements BeforeConvertCallback<Object>, SmartInitializingSingleton {

    private final GeneratedIds generatedIds;

    IdsBeforeConvertCallback(GeneratedIds generatedIds) {
        this.generatedIds = generatedIds;
    }

    /**
     * Assigns a generated ID to an aggregate that has none.
     *
     * @param aggregate the aggregate about to be saved
     * @return the aggregate with its ID
     */
    @Override
    public Object onBeforeConvert(Object aggregate) {
        Optional<GeneratedId> generated = generatedIds.of(aggregate.getClass());
        return generated.isPresent() ? generated.get().assignIfUnset(aggregate) : aggregate;
    }

    /** Inspects the aggregates known at start-up, so that a generator that is missing fails it. */
    @Override
    public void afterSingletonsInstantiated() {
        generatedIds.inspectKnownTypes();
    }
}
