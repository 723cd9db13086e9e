package dev.ids.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.sno.SnoGenerator;
import dev.ids.testing.TestDatabase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.hibernate.SessionFactory;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.hibernate.tool.schema.Action;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The warning about a String or byte[] ID column left at Hibernate's default length 255: Hibernate creates each
 * generator more than once while it starts, and the warning still appears once per column and session factory.
 */
class DefaultLengthWarningTests {

    /** {@link System.Logger} without a logging framework on the class path writes through java.util.logging. */
    private final Logger logger = Logger.getLogger(IdsGenerator.class.getName());

    private final List<String> warnings = new CopyOnWriteArrayList<>();

    private final Handler capture = new Handler() {

        @Override
        public void publish(LogRecord record) {
            if (record.getMessage() != null && record.getMessage().contains("default length")) {
                warnings.add(java.text.MessageFormat.format(record.getMessage(), record.getParameters()));
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureWarnings() {
        logger.addHandler(capture);
    }

    @AfterEach
    void stopCapturing() {
        logger.removeHandler(capture);
    }

    @Test
    void theDefaultLengthWarningIsLoggedOncePerColumnAndSessionFactory() {
        start("once-a").close();
        assertThat(warnings).singleElement().asString().contains("DefaultLength.id").contains("default length 255")
                .contains("@Column(length = 16)");

        start("once-b").close();
        assertThat(warnings).as("a second session factory warns again, once").hasSize(2);
    }

    private static SessionFactory start(String unit) {
        HibernatePersistenceConfiguration configuration = new HibernatePersistenceConfiguration(unit)
                .managedClasses(DefaultLength.class).jdbcUrl(TestDatabase.H2.url("DefaultLengthWarningTests" + unit))
                .jdbcCredentials(TestDatabase.H2.username(), TestDatabase.H2.password())
                .schemaToolingAction(Action.CREATE_DROP);
        configuration.property("ids.generator.sno", SnoGenerator.builder().partition(3).build());
        return configuration.createEntityManagerFactory();
    }

    @Entity
    @Table(name = "default_length_sno")
    static class DefaultLength {

        @Id
        @GeneratedSno
        String id;
    }
}
