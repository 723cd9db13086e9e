package dev.ids.autoconfigure.jackson;

import jakarta.persistence.GeneratedValue;
import java.lang.annotation.Annotation;

/**
 * Reads the generator name of JPA's {@code @GeneratedValue}. A class of its own so that the JPA API is loaded only
 * when an annotation of that type has been found, never in an application without JPA.
 */
final class JpaGeneratedValue {

    private JpaGeneratedValue() {
    }

    static String generatorOf(Annotation generatedValue) {
        return ((GeneratedValue) generatedValue).generator();
    }
}
