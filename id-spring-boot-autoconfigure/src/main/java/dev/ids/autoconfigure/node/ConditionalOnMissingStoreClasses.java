package dev.ids.autoconfigure.node;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Conditional;

/**
 * Matches when any of the classes a lease store needs is missing from the class path (where Spring Boot's
 * {@code @ConditionalOnMissingClass} needs all of them missing): the store's configuration then fails the start-up
 * naming what to add, if the store was chosen. The classes are named as strings, so nothing loads them.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnMissingStoreClassesCondition.class)
public @interface ConditionalOnMissingStoreClasses {

    /**
     * Names the classes the store needs.
     *
     * @return their fully qualified names
     */
    String[] value();
}
