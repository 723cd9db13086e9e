package dev.ids.autoconfigure.data.r2dbc;

import dev.ids.IdGenerator;
import dev.ids.autoconfigure.data.GeneratedId;
import dev.ids.autoconfigure.data.GeneratedIds;
import dev.ids.reactor.ReactiveIdGenerator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.reactivestreams.Publisher;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.data.r2dbc.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.sql.SqlIdentifier;
import reactor.core.publisher.Mono;

/**
 * Gives a Spring Data R2DBC entity whose ID asks for an ids generator ({@code @Id @GeneratedSno}, or
 * {@code @Id @GeneratedValue(generator = "sno")}) a new ID before it is converted for an insert, unless it has one,
 * without blocking the subscribing thread.
 *
 * <p>The ID comes from {@link ReactiveIdGenerator}: the generator's non-waiting attempt runs inline on the calling
 * thread (an event loop, as a rule) and completes the callback there; when the generator would wait (over capacity,
 * a clock behind), the call moves to Reactor's bounded-elastic scheduler, waits there, and the insert continues on
 * that thread. Each entity type is inspected once, as for Spring Data JDBC ({@link GeneratedIds}); the types the
 * mapping context knows after start-up are inspected then, so that a missing generator fails the start-up.
 */
public final class IdsReactiveBeforeConvertCallback
        implements BeforeConvertCallback<Object>, SmartInitializingSingleton {

    private final GeneratedIds generatedIds;

    /** One reactive view per generator bean, shared by the entity types that use it. */
    private final Map<IdGenerator<?>, ReactiveIdGenerator<?>> reactive = new ConcurrentHashMap<>();

    IdsReactiveBeforeConvertCallback(GeneratedIds generatedIds) {
        this.generatedIds = generatedIds;
    }

    /**
     * Assigns a generated ID to an entity that has none.
     *
     * @param entity the entity about to be inserted
     * @param table the table it goes to
     * @return the entity with its ID: at once when it has one, asks for no generator, or the attempt issued one
     */
    @Override
    public Publisher<Object> onBeforeConvert(Object entity, SqlIdentifier table) {
        Optional<GeneratedId> generated = generatedIds.of(entity.getClass());
        if (generated.isEmpty() || !generated.get().needsId(entity)) {
            return Mono.just(entity);
        }
        GeneratedId id = generated.get();
        return reactiveOf(id.generator()).next().map((value) -> id.withId(entity, value));
    }

    /** Inspects the entities known at start-up, so that a generator that is missing fails it. */
    @Override
    public void afterSingletonsInstantiated() {
        generatedIds.inspectKnownTypes();
    }

    private ReactiveIdGenerator<?> reactiveOf(IdGenerator<?> generator) {
        return reactive.computeIfAbsent(generator, ReactiveIdGenerator::of);
    }
}
