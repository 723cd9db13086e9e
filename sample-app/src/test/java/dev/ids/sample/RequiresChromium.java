package dev.ids.sample;

import dev.ids.testing.RequiredService;
import dev.ids.testing.RequiredServiceCondition;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class that drives {@link HeadlessChromium}: skipped with a printed reason where Chromium is not
 * installed, failed where {@code CI=true} ({@link RequiredServiceCondition}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresChromium.Condition.class)
@interface RequiresChromium {

    /** Applies {@link RequiresChromium}. */
    final class Condition extends RequiredServiceCondition<RequiresChromium> {

        public Condition() {
            super(RequiresChromium.class);
        }

        @Override
        protected RequiredService service(RequiresChromium annotation) {
            return HeadlessChromium.INSTALLATION;
        }
    }
}
