package dev.ids.autoconfigure.aot;

import dev.ids.IdScheme;
import dev.ids.hibernate.IdsGeneratorNames;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * The hints of the generation annotations of {@code id-hibernate} ({@code @GeneratedSno(name = "payments")} and the
 * other four) and of JPA's {@code @GeneratedValue}, whose attributes are read reflectively: by Hibernate's annotation
 * model, and by the Spring Data JDBC callback ({@code GenerationRequest}), which reads {@code @GeneratedValue}'s
 * {@code generator} through Spring's merged annotations. They are registered whenever {@code id-hibernate} is on the
 * class path, with or without Hibernate: a Data JDBC application needs the annotations but not Hibernate.
 * {@link IdsGeneratorNames#annotationName} gives their names for every scheme, so that nothing here loads them.
 */
final class GenerationAnnotationHints {

    private static final String PACKAGE = "dev.ids.hibernate.";

    /**
     * The class whose presence tells that the annotations are usable: it reads them, and unlike the generators it
     * loads without Hibernate.
     */
    static final String NAMES = PACKAGE + "IdsGeneratorNames";

    /** JPA's annotation, which names a generator as {@code generator = "sno:payments"}. */
    static final String GENERATED_VALUE = "jakarta.persistence.GeneratedValue";

    private GenerationAnnotationHints() {
    }

    static void register(RuntimeHints hints, @Nullable ClassLoader loader) {
        if (!ClassUtils.isPresent(NAMES, loader)) {
            return;
        }
        for (IdScheme scheme : IdScheme.values()) {
            hints.reflection().registerType(TypeReference.of(IdsGeneratorNames.annotationName(scheme)),
                    MemberCategory.INVOKE_PUBLIC_METHODS);
        }
        if (ClassUtils.isPresent(GENERATED_VALUE, loader)) {
            hints.reflection().registerType(TypeReference.of(GENERATED_VALUE), MemberCategory.INVOKE_PUBLIC_METHODS);
        }
    }
}
