package dev.ids.autoconfigure.aot;

import java.util.List;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;

/**
 * The hints of the Hibernate integration ({@code id-hibernate}), which this module depends on optionally: the
 * names are strings so that nothing here loads a Hibernate class.
 * <ul>
 *   <li>the generators Hibernate instantiates through their no-argument constructors: the one named by the
 *       {@code @IdGeneratorType}/{@code @ValueGenerationType} of the five annotations, and the one registered
 *       under the generator names ({@code @GeneratedValue(generator = "sno")});</li>
 *   <li>the {@code AttributeConverter}s an application names in {@code @Convert(converter = ...)}.</li>
 * </ul>
 * The five annotations themselves are {@link GenerationAnnotationHints}: Spring Data JDBC reads them without
 * Hibernate.
 */
final class HibernateHints {

    private static final String PACKAGE = "dev.ids.hibernate.";

    /** The class whose presence tells that {@code id-hibernate} is on the class path. */
    static final String GENERATOR = PACKAGE + "IdsGenerator";

    /** Hibernate's service interfaces {@code id-hibernate} implements in {@code META-INF/services}. */
    static final List<String> SERVICES = List.of("org.hibernate.boot.model.TypeContributor",
            "org.hibernate.boot.spi.AdditionalMappingContributor", "org.hibernate.boot.spi.MetadataSourcesContributor");

    static final List<String> GENERATORS = List.of(GENERATOR, PACKAGE + "IdsMappedGenerator");

    static final List<String> CONVERTERS = List.of("TraceIdLongConverter", "TraceIdStringConverter",
            "LableIdLongConverter", "LableIdStringConverter", "GidBytesConverter", "GidStringConverter",
            "SnoBytesConverter", "SnoStringConverter", "MuidBytesConverter", "MuidStringConverter").stream()
            .map((name) -> "dev.ids.jpa." + name).toList();

    private HibernateHints() {
    }

    static void register(RuntimeHints hints) {
        for (String generator : GENERATORS) {
            hints.reflection().registerType(TypeReference.of(generator), MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
        }
        for (String converter : CONVERTERS) {
            hints.reflection().registerType(TypeReference.of(converter), MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS,
                    MemberCategory.INVOKE_PUBLIC_METHODS);
        }
    }
}
