package dev.ids.autoconfigure.aot;

import dev.ids.IdScheme;
import dev.ids.SerializedId;
import dev.ids.node.sql.LeaseTableSql;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * The runtime hints of the ids modules, for Spring's ahead-of-time processing and GraalVM native images (registered
 * in {@code META-INF/spring/aot.factories}):
 * <ul>
 *   <li>the service files the core and the Hibernate integration are found through, with a constructor hint for
 *       every class they list in any jar, as {@link java.util.ServiceLoader} instantiates them;</li>
 *   <li>Java serialization of the five value types, the bases they inherit their serial form from, and that serial
 *       form, {@link SerializedId} (Hibernate's second-level cache and session replication serialize them);</li>
 *   <li>with {@code id-hibernate} present, the generation annotations, whose attributes Hibernate and the Spring
 *       Data JDBC callback read reflectively ({@code GenerationAnnotationHints}), and with Hibernate too, the
 *       classes Hibernate creates ({@code HibernateHints});</li>
 *   <li>with Spring Data, the classes of the Data JDBC converters, whose direction annotations it reads
 *       ({@code DataJdbcHints}).</li>
 * </ul>
 * The failure analyzers of {@code META-INF/spring.factories} need nothing here: Spring's
 * {@code SpringFactoriesLoaderRuntimeHints} covers every {@code spring.factories} entry, and Spring Boot's AOT
 * processing covers the {@code @ConfigurationProperties} classes it binds.
 */
public final class IdsRuntimeHints implements RuntimeHintsRegistrar {

    /** The core's service: the scheme descriptors {@link IdScheme} loads. */
    static final String DESCRIPTOR_SERVICE = "dev.ids.IdDescriptor";

    /** Creates the registrar; Spring's AOT processing finds it in {@code META-INF/spring/aot.factories}. */
    public IdsRuntimeHints() {
    }

    /**
     * Registers the hints.
     *
     * @param hints where to register them
     * @param classLoader the application's class loader, or {@code null} for the default one
     */
    @Override
    public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
        ClassLoader loader = classLoader != null ? classLoader : ClassUtils.getDefaultClassLoader();
        registerService(hints, loader, DESCRIPTOR_SERVICE);
        for (IdScheme scheme : IdScheme.values()) {
            // The value type and the bases it inherits its serial form from (writeReplace, readObject)
            for (Class<?> type = scheme.descriptor().valueType(); Serializable.class.isAssignableFrom(type);
                    type = type.getSuperclass()) {
                hints.serialization().registerType(TypeReference.of(type));
            }
        }
        hints.serialization().registerType(SerializedId.class);
        // The lease table's DDL, which Flyway or Liquibase migrations read from the class path
        hints.resources().registerPattern(LeaseTableSql.DDL_RESOURCE);
        // The SQL functions' scripts, which migrations read from the class path too (docs/SQL.md): one folder each
        hints.resources().registerPattern("META-INF/ids/sql/*/*.sql");
        GenerationAnnotationHints.register(hints, loader);
        DataJdbcHints.register(hints, loader);
        if (ClassUtils.isPresent(HibernateHints.GENERATOR, loader)) {
            for (String service : HibernateHints.SERVICES) {
                registerService(hints, loader, service);
            }
            HibernateHints.register(hints);
        }
    }

    /** The service file of the interface, and a constructor hint for each class any copy of it lists. */
    static void registerService(RuntimeHints hints, @Nullable ClassLoader loader, String service) {
        String location = "META-INF/services/" + service;
        hints.resources().registerPattern(location);
        for (String implementation : implementations(loader, location)) {
            hints.reflection().registerType(TypeReference.of(implementation),
                    MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
        }
    }

    /** The class names of every copy of a service file on the class path, without comments and blank lines. */
    static Set<String> implementations(@Nullable ClassLoader loader, String location) {
        Set<String> names = new LinkedHashSet<>();
        try {
            // A null loader is the system class loader, as for ServiceLoader.load.
            ClassLoader resources = loader != null ? loader : ClassLoader.getSystemClassLoader();
            for (URL url : Collections.list(resources.getResources(location))) {
                try (InputStream in = url.openStream()) {
                    for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                        String name = line.replaceFirst("#.*", "").strip();
                        if (!name.isEmpty()) {
                            names.add(name);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the service files " + location, e);
        }
        return names;
    }
}
