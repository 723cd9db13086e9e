package dev.ids.autoconfigure.data.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.ids.sno.Sno;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Generated aggregate IDs work in an application that has {@code id-hibernate} (for the annotations) but neither
 * Hibernate nor JPA: the annotations name Hibernate's classes only in meta-annotations, which the JVM leaves out
 * when they are missing. The application runs in a class loader made of this JVM's class path without the Hibernate,
 * JPA and Spring Boot JPA jars.
 */
class DataJdbcWithoutHibernateTests {

    @Test
    void anAnnotatedIdIsGeneratedWithoutHibernateOnTheClassPath() throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            if (!name.startsWith("hibernate-") && !name.startsWith("jakarta.persistence")
                    && !name.startsWith("spring-boot-hibernate") && !name.startsWith("spring-boot-jpa")
                    && !name.startsWith("spring-boot-data-jpa") && !name.startsWith("spring-data-jpa")
                    && !name.startsWith("spring-orm")) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new),
                ClassLoader.getPlatformClassLoader())) {
            assertThatExceptionOfType(ClassNotFoundException.class)
                    .isThrownBy(() -> loader.loadClass("org.hibernate.annotations.IdGeneratorType"));
            assertThatExceptionOfType(ClassNotFoundException.class)
                    .isThrownBy(() -> loader.loadClass("jakarta.persistence.GeneratedValue"));
            Thread.currentThread().setContextClassLoader(loader);
            Class<?> probe = loader.loadClass("dev.ids.autoconfigure.data.jdbc.nohibernate.NoHibernateProbe");
            String result = (String) probe.getMethod("run").invoke(null);
            String[] parts = result.split(" ");
            assertThat(Sno.parse(parts[0]).partition()).isEqualTo(77);
            assertThat(parts[1]).isEqualTo("77");
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }
}
