package dev.ids.autoconfigure.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.hibernate.GeneratedSno;
import dev.ids.hibernate.IdsGeneratorNames;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.TestDatabase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.text.MessageFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.hibernate.engine.spi.SessionImplementor;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jpa.autoconfigure.EntityManagerFactoryBuilderCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.orm.jpa.persistenceunit.MutablePersistenceUnitInfo;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;

class IdsJpaAutoConfigurationTests {

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    HibernateJpaAutoConfiguration.class, TransactionAutoConfiguration.class,
                    IdGeneratorsAutoConfiguration.class, IdsJpaAutoConfiguration.class))
            .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513",
                    "spring.jpa.hibernate.ddl-auto=create-drop",
                    "spring.datasource.url=" + TestDatabase.H2.url("IdsJpaAutoConfigurationTests"));

    @Test
    void customizesTheEntityManagerFactoryBuilder() {
        contextRunner.with(entities(Plain.class))
                .run((context) -> assertThat(context).hasNotFailed()
                        .hasSingleBean(EntityManagerFactoryBuilderCustomizer.class));
    }

    @Test
    void aDisabledDefaultGeneratorFailsTheStartUpNotTheFirstInsert() {
        contextRunner.with(entities(Plain.class)).withPropertyValues("ids.sno.enabled=false").run((context) -> {
            assertThat(context).hasFailed();
            IdsConfigurationException failure = cause(context.getStartupFailure());
            assertThat(failure.getProperty()).isEqualTo("ids.sno.enabled");
            assertThat(failure.getProblem()).contains(Plain.class.getName()).contains("no SnoGenerator bean");
        });
    }

    @Test
    void aPrototypeGeneratorBeanFailsTheStartUp() {
        contextRunner.with(entities(Plain.class)).withPropertyValues("ids.sno.enabled=false")
                .withBean("snoGenerator", dev.ids.sno.SnoGenerator.class,
                        () -> dev.ids.sno.SnoGenerator.builder().partition(1).build(),
                        (definition) -> definition.setScope("prototype"))
                .run((context) -> {
                    assertThat(context).hasFailed();
                    assertThat(cause(context.getStartupFailure()).getProblem()).contains("not a singleton");
                });
    }

    @Test
    void theDefaultLengthWarningAppearsOncePerColumn() {
        // id-hibernate logs through System.Logger, which is java.util.logging here; Spring Boot's logging system,
        // set up and torn down by other tests in this JVM, may leave java.util.logging without a console handler.
        List<String> warnings = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {

            @Override
            public void publish(LogRecord record) {
                warnings.add(MessageFormat.format(record.getMessage(), record.getParameters()));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger("dev.ids.hibernate.IdsGenerator");
        logger.addHandler(capture);
        try {
            contextRunner.with(entities(DefaultLength.class)).run((context) -> assertThat(context).hasNotFailed());
        } finally {
            logger.removeHandler(capture);
        }
        assertThat(warnings).filteredOn((warning) -> warning.contains("default length 255")).singleElement()
                .asString().startsWith("Column id of " + DefaultLength.class.getName() + ".id has the default length");
    }

    @Test
    void aSequenceNamedLikeAShortSchemeIsLeftAlone() {
        contextRunner.with(entities(SequenceNamedPid.class)).run((context) -> assertThat(context).hasNotFailed());
    }

    @Test
    void backsOffWithoutHibernate() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdsJpaAutoConfiguration.class))
                .withClassLoader(new FilteredClassLoader(SessionImplementor.class))
                .run((context) -> assertThat(context).doesNotHaveBean(EntityManagerFactoryBuilderCustomizer.class));
    }

    @Test
    void backsOffWithoutTheIdsHibernateModule() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdsJpaAutoConfiguration.class))
                .withClassLoader(new FilteredClassLoader("dev.ids.hibernate"))
                .run((context) -> assertThat(context).doesNotHaveBean(EntityManagerFactoryBuilderCustomizer.class));
    }

    @Test
    void aMisspeltGeneratorNameFailsTheStartUp() {
        contextRunner.with(entities(Misspelt.class)).run((context) -> {
            assertThat(context).hasFailed();
            assertThat(messages(context.getStartupFailure())).contains("Entity " + Misspelt.class.getName()
                    + ", attribute id: @GeneratedValue(generator = \"snoo\")", "did you mean \"sno\"");
        });
    }

    @Test
    void anUnconfiguredNamedGeneratorFailsTheStartUpByGeneratorName() {
        contextRunner.with(entities(RefundByName.class))
                .withPropertyValues("ids.sno.named.payments.partition=2").run((context) -> {
                    assertThat(context).hasFailed();
                    IdsConfigurationException failure = cause(context.getStartupFailure());
                    assertThat(failure.getProperty()).isEqualTo("ids.sno.named.refunds");
                    assertThat(failure.getProblem()).contains(RefundByName.class.getName(), "attribute id",
                            "@GeneratedValue(generator = \"sno:refunds\")", "no bean refundsSnoGenerator",
                            "[paymentsSnoGenerator]");
                });
    }

    @Test
    void anUnconfiguredNamedGeneratorFailsTheStartUpByAnnotation() {
        contextRunner.with(entities(RefundAnnotated.class)).run((context) -> {
            assertThat(context).hasFailed();
            IdsConfigurationException failure = cause(context.getStartupFailure());
            assertThat(failure.getProperty()).isEqualTo("ids.sno.named.refunds");
            assertThat(failure.getProblem()).contains("@GeneratedSno(name = \"refunds\")", "none");
        });
    }

    @Test
    void withoutTheJpaGlueAMissingNamedGeneratorFailsTheFirstInsertRatherThanFallingBackToTheDefault() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        HibernateJpaAutoConfiguration.class, TransactionAutoConfiguration.class,
                        IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513",
                        "spring.jpa.hibernate.ddl-auto=create-drop",
                        "spring.datasource.url=" + TestDatabase.H2.url("IdsJpaAutoConfigurationTestsNoGlue"))
                .with(entities(RefundAnnotated.class)).run((context) -> {
                    assertThat(context).hasNotFailed();
                    EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager();
                    try {
                        em.getTransaction().begin();
                        assertThatThrownBy(() -> {
                            em.persist(new RefundAnnotated());
                            em.flush();
                        }).hasMessageContaining("No sno generator named 'refunds' for "
                                + RefundAnnotated.class.getName() + ".id")
                                .hasMessageContaining("no bean named refundsSnoGenerator");
                    } finally {
                        em.getTransaction().rollback();
                        em.close();
                    }
                });
    }

    @Test
    void listsTheGeneratorNamesItsEntitiesUseBesideListedOnesAndOnlyThoseWithoutMappingFilesOfItsOwn() {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("refundsSnoGenerator", SnoGenerator.builder().partition(1).build());
        IdsPersistenceUnitPostProcessor processor = new IdsPersistenceUnitPostProcessor(beans,
                getClass().getClassLoader());
        MutablePersistenceUnitInfo unit = new MutablePersistenceUnitInfo();
        unit.addManagedClassName(RefundByName.class.getName());
        unit.addManagedClassName(Plain.class.getName());
        unit.getProperties().setProperty(IdsGeneratorNames.NAMES_SETTING, "muid:own");
        processor.postProcessPersistenceUnitInfo(unit);
        assertThat(unit.getProperties().getProperty(IdsGeneratorNames.NAMES_SETTING))
                .isEqualTo("muid:own,sno,sno:refunds");
        assertThat(unit.getProperties().getProperty(IdsGeneratorNames.SCHEME_NAMES_SETTING)).isEqualTo("false");
        assertThat(unit.getMappingFileNames()).isEmpty();
        MutablePersistenceUnitInfo without = new MutablePersistenceUnitInfo();
        without.addManagedClassName(RefundAnnotated.class.getName()); // @GeneratedSno(name = ...): no name to list
        processor.postProcessPersistenceUnitInfo(without);
        assertThat(without.getProperties()).doesNotContainKey(IdsGeneratorNames.NAMES_SETTING)
                .containsEntry(IdsGeneratorNames.SCHEME_NAMES_SETTING, "false");
        MutablePersistenceUnitInfo withMappingFile = new MutablePersistenceUnitInfo();
        withMappingFile.addMappingFileName("META-INF/orm.xml");
        processor.postProcessPersistenceUnitInfo(withMappingFile);
        assertThat(withMappingFile.getProperties()).as("its own mapping file may name the schemes' generators")
                .doesNotContainKey(IdsGeneratorNames.SCHEME_NAMES_SETTING);
    }

    private static String messages(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.append(cause.getMessage()).append('\n');
        }
        return messages.toString();
    }

    private static IdsConfigurationException cause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof IdsConfigurationException found) {
                return found;
            }
        }
        throw new AssertionError("no IdsConfigurationException in " + messages(failure));
    }

    /** A persistence unit of exactly the given entity. */
    private static Function<ApplicationContextRunner, ApplicationContextRunner> entities(Class<?> entity) {
        return (runner) -> runner.withBean(PersistenceManagedTypes.class,
                () -> PersistenceManagedTypes.of(entity.getName()));
    }

    @Entity
    @Table(name = "cfg_plain")
    static class Plain {

        @Id
        @GeneratedValue(generator = "sno")
        @Column(length = 16)
        String id;
    }

    @Entity
    @Table(name = "cfg_default_length")
    static class DefaultLength {

        @Id
        @GeneratedValue(generator = "sno")
        String id;
    }

    @Entity
    @Table(name = "cfg_misspelt")
    static class Misspelt {

        @Id
        @GeneratedValue(generator = "snoo")
        Long id;
    }

    @Entity
    @Table(name = "cfg_refund_by_name")
    static class RefundByName {

        @Id
        @GeneratedValue(generator = "sno:refunds")
        @Column(length = 16)
        String id;
    }

    @Entity
    @Table(name = "cfg_refund_annotated")
    static class RefundAnnotated {

        @Id
        @GeneratedSno(name = "refunds")
        @Column(length = 16)
        String id;
    }

    @Entity
    @Table(name = "cfg_sequence_pid")
    static class SequenceNamedPid {

        @Id
        @GeneratedValue(strategy = jakarta.persistence.GenerationType.SEQUENCE, generator = "pid")
        Long id;
    }
}
