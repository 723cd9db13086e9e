package dev.ids.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class or method that needs a database server: skipped with a printed reason where it is not
 * reachable, failed where {@code CI=true} ({@link RequiredServiceCondition}).
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresDatabase.Condition.class)
public @interface RequiresDatabase {

    /**
     * The database the tests need.
     *
     * @return the database
     */
    TestDatabase value();

    /** Applies {@link RequiresDatabase}. */
    final class Condition extends RequiredServiceCondition<RequiresDatabase> {

        public Condition() {
            super(RequiresDatabase.class);
        }

        @Override
        protected RequiredService service(RequiresDatabase annotation) {
            return annotation.value();
        }
    }
}
