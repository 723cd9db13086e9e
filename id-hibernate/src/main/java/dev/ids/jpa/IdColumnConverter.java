package dev.ids.jpa;

import jakarta.persistence.AttributeConverter;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What the converters of each column form share: {@code null} stays {@code null}, anything else goes through the
 * scheme descriptor's functions of that form.
 *
 * @param <T> the ID value type
 * @param <C> the column's type
 */
abstract class IdColumnConverter<T, C> implements AttributeConverter<T, C> {

    private final Function<T, C> toColumn;

    private final Function<C, T> fromColumn;

    /**
     * Creates the converter of one form.
     *
     * @param toColumn the descriptor's function from an ID to the form
     * @param fromColumn the descriptor's strict function back
     */
    IdColumnConverter(Function<T, C> toColumn, Function<C, T> fromColumn) {
        this.toColumn = toColumn;
        this.fromColumn = fromColumn;
    }

    /**
     * Returns the column value of an ID.
     *
     * @param attribute the ID, may be {@code null}
     * @return the column value, or {@code null} for {@code null}
     */
    @Override
    public @Nullable C convertToDatabaseColumn(@Nullable T attribute) {
        return attribute == null ? null : toColumn.apply(attribute);
    }

    /**
     * Reads an ID from its column value.
     *
     * @param dbData the column value, may be {@code null}
     * @return the ID, or {@code null} for {@code null}
     * @throws dev.ids.InvalidIdException naming the value when it is not the value of an ID of the scheme in this
     *     form
     */
    @Override
    public @Nullable T convertToEntityAttribute(@Nullable C dbData) {
        return dbData == null ? null : fromColumn.apply(dbData);
    }
}
