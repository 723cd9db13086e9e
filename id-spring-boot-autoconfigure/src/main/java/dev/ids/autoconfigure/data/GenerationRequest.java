package dev.ids.autoconfigure.data;

import dev.ids.hibernate.IdsGeneratorNames;
import dev.ids.hibernate.IdsGeneratorNames.Reference;
import dev.ids.internal.Chars;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.annotation.MergedAnnotations;

/**
 * The generator an aggregate's ID property asks for, and how it asks: one of the generation annotations of
 * {@code id-hibernate} ({@code @GeneratedSno}, {@code @GeneratedSno(name = "payments")}), or JPA's
 * {@code @GeneratedValue} naming the generator ({@code generator = "sno"}, {@code "sno:payments"}), read by name so
 * that JPA need not be on the class path.
 *
 * <p>The annotations are matched by type: they name Hibernate's classes only in meta-annotations, which the JVM
 * leaves out when Hibernate is absent, so reading them needs {@code id-hibernate} but not Hibernate.
 *
 * @param reference the scheme and name of the generator
 * @param usage the annotation as written, for messages
 */
record GenerationRequest(Reference reference, String usage) {

    private static final String GENERATED_VALUE = "jakarta.persistence.GeneratedValue";

    /**
     * Reads the request of a property from its field and accessor.
     *
     * @param attribute the property, {@code Payment.id}, for messages
     * @param elements the property's field and getter; {@code null}s are skipped
     * @return the request, or empty when the property asks for no ids generator
     * @throws IllegalStateException naming the property when it asks for two different generators, or when the
     *     generator name of {@code @GeneratedValue} looks like a misspelt scheme name
     */
    static Optional<GenerationRequest> of(String attribute, @Nullable AnnotatedElement... elements) {
        List<GenerationRequest> found = new ArrayList<>();
        for (AnnotatedElement element : elements) {
            if (element == null) {
                continue;
            }
            for (Annotation annotation : element.getAnnotations()) {
                IdsGeneratorNames.of(annotation).ifPresent((reference) -> found.add(new GenerationRequest(reference,
                        "@" + annotation.annotationType().getSimpleName()
                                + (reference.name().isEmpty() ? "" : "(name = \"" + reference.name() + "\")"))));
            }
            MergedAnnotation<Annotation> generatedValue = MergedAnnotations.from(element).get(GENERATED_VALUE);
            if (generatedValue.isPresent()) {
                byName(attribute, generatedValue.getString("generator")).ifPresent(found::add);
            }
        }
        if (found.stream().map(GenerationRequest::reference).distinct().count() > 1) {
            List<String> usages = found.stream().map(GenerationRequest::usage).toList();
            throw new InvalidAggregateIdException(attribute, "The aggregate ID " + attribute + " asks for more "
                    + "than one generator: " + usages + "; keep one", "Keep one of " + usages + " on " + attribute
                    + ".");
        }
        return found.stream().findFirst();
    }

    private static Optional<GenerationRequest> byName(String attribute, String generator) {
        Optional<Reference> reference = IdsGeneratorNames.parse(generator);
        if (reference.isPresent()) {
            return Optional.of(new GenerationRequest(reference.get(),
                    "@GeneratedValue(generator = \"" + generator + "\")"));
        }
        Optional<String> meant = IdsGeneratorNames.probablyMeant(generator);
        if (meant.isPresent()) {
            throw new InvalidAggregateIdException(attribute, "The aggregate ID " + attribute + " names the "
                    + "generator " + Chars.quote(generator) + " in @GeneratedValue, which is no ids generator; did "
                    + "you mean \"" + meant.get() + "\"?", "Write @GeneratedValue(generator = \"" + meant.get()
                    + "\") on " + attribute + ".");
        }
        return Optional.empty(); // another library's generator: not ours to fill
    }
}
