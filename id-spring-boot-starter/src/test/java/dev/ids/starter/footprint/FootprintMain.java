package dev.ids.starter.footprint;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.lang.management.ManagementFactory;
import java.util.function.Supplier;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What a child JVM of {@code StartupFootprintTests} does: starts a Spring Boot application, stores one entity, and
 * prints how many classes the JVM loaded and how long the start-up took.
 */
public final class FootprintMain {

    static final String LINE = "FOOTPRINT";

    private FootprintMain() {
    }

    public static void run(Class<?> application, Supplier<Object> entity) {
        try (ConfigurableApplicationContext context = SpringApplication.run(application,
                "--spring.main.banner-mode=off", "--spring.jpa.open-in-view=false",
                "--logging.level.root=warn", "--spring.datasource.url=jdbc:h2:mem:footprint",
                // the README's first configuration: static node identities (ignored without the starter)
                "--ids.trace-id.node-no=7", "--ids.lable.generator-id=5", "--ids.sno.partition=513")) {
            long started = ManagementFactory.getRuntimeMXBean().getUptime();
            EntityManager manager = context.getBean(EntityManagerFactory.class).createEntityManager();
            manager.getTransaction().begin();
            Object stored = entity.get();
            manager.persist(stored);
            manager.getTransaction().commit();
            manager.close();
            System.out.println(LINE + " classes=" + ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount()
                    + " uptimeMillis=" + ManagementFactory.getRuntimeMXBean().getUptime() + " startMillis=" + started
                    + " stored=" + stored);
        }
    }
}
