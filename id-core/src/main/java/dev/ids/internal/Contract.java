package dev.ids.internal;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * States how a method's result depends on its arguments, in the syntax of JetBrains' {@code @Contract}, for NullAway
 * and IDEs: {@code "!null -> !null"} says a non-null argument gives a non-null result. NullAway reads any annotation
 * of this simple name; Spring Framework's {@code org.springframework.lang.Contract} is the same idea.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Contract {

    /**
     * Returns the clauses, separated by {@code ;}, each {@code arguments -> result}.
     *
     * @return the contract
     */
    String value() default "";
}
