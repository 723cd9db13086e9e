package dev.ids.autoconfigure.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.hibernate.GeneratedSno;
import dev.ids.hibernate.IdsGeneratorNameException;
import dev.ids.hibernate.IdsMappingException;
import dev.ids.testing.TestDatabase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;

/**
 * The start-up failures of id-hibernate reach the start-up failure report: a wrong generator name with the entity
 * attribute, the name given, the name meant and the fix; an attribute that cannot take its IDs with the fix.
 */
@ExtendWith(OutputCaptureExtension.class)
class IdsHibernateFailureAnalyzerTests {

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    HibernateJpaAutoConfiguration.class, TransactionAutoConfiguration.class,
                    IdGeneratorsAutoConfiguration.class, IdsJpaAutoConfiguration.class))
            .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513",
                    "spring.jpa.hibernate.ddl-auto=create-drop",
                    "spring.datasource.url=" + TestDatabase.H2.url("IdsHibernateFailureAnalyzerTests"));

    @Test
    void aMisspeltGeneratorNameIsReportedWithTheAttributeTheNameGivenAndTheNameMeant() {
        contextRunner.withBean(PersistenceManagedTypes.class, () -> PersistenceManagedTypes.of(Snoo.class.getName()))
                .run(context -> {
                    FailureAnalysis analysis = analyze(context.getStartupFailure());
                    assertThat(analysis.getDescription())
                            .contains("Where: Entity " + Snoo.class.getName() + ", attribute id")
                            .contains("Generator name: \"snoo\"").contains("Probably meant: \"sno\"")
                            .contains("Reason: @GeneratedValue(generator = \"snoo\") is not a registered generator");
                    assertThat(analysis.getAction()).contains("from \"snoo\" to \"sno\"")
                            .contains("spring.jpa.properties.ids.generator.check-names=false");
                    assertThat(analysis.getCause()).isInstanceOf(IdsGeneratorNameException.class);
                });
    }

    @Test
    void aBadNamesSettingIsReportedWithTheNameItLists() {
        contextRunner.withBean(PersistenceManagedTypes.class, () -> PersistenceManagedTypes.of(Sno.class.getName()))
                .withPropertyValues("spring.jpa.properties.ids.generator.names=snoo:x").run(context -> {
                    FailureAnalysis analysis = analyze(context.getStartupFailure());
                    assertThat(analysis.getDescription()).contains("Where: The setting ids.generator.names")
                            .contains("Generator name: \"snoo:x\"").contains("Probably meant: \"sno:x\"")
                            .contains("not an ids generator name");
                    assertThat(analysis.getAction()).contains("Correct 'snoo:x' in the setting ids.generator.names");
                });
    }

    @Test
    void anAttributeThatCannotHoldTheSchemesValuesIsReportedWithTheFix() {
        contextRunner.withBean(PersistenceManagedTypes.class,
                () -> PersistenceManagedTypes.of(LongSno.class.getName())).run(context -> {
                    FailureAnalysis analysis = analyze(context.getStartupFailure());
                    assertThat(analysis.getDescription()).contains("Attribute: " + LongSno.class.getName() + ".id")
                            .contains("cannot hold a sno");
                    assertThat(analysis.getAction()).contains("Change the type of " + LongSno.class.getName() + ".id");
                    assertThat(analysis.getCause()).isInstanceOf(IdsMappingException.class);
                });
    }

    @Test
    void otherFailuresAreLeftToOtherAnalyzers() {
        assertThat(new IdsHibernateFailureAnalyzer().analyze(new IllegalStateException("snoo"))).isNull();
    }

    @Test
    void theStartUpReportShowsTheMisspelling(CapturedOutput output) {
        assertThatThrownBy(() -> new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
                .run("--spring.main.banner-mode=off", "--ids.trace-id.node-no=7", "--ids.lable.generator-id=5",
                        "--ids.sno.partition=513", "--spring.jpa.hibernate.ddl-auto=create-drop",
                        "--spring.datasource.url=" + TestDatabase.H2.url("IdsGeneratorNameFailureBanner"))
                .close()).hasRootCauseInstanceOf(IdsGeneratorNameException.class);

        assertThat(output).contains("APPLICATION FAILED TO START").contains("Description:")
                .contains("Where: Entity " + Snoo.class.getName() + ", attribute id")
                .contains("Generator name: \"snoo\"").contains("Probably meant: \"sno\"").contains("Action:")
                .contains("Correct the generator name of Entity " + Snoo.class.getName() + ", attribute id from "
                        + "\"snoo\" to \"sno\"")
                .contains("ids.generator.check-names=false");
    }

    private static FailureAnalysis analyze(Throwable failure) {
        assertThat(failure).as("start-up failure").isNotNull();
        FailureAnalysis analysis = new IdsHibernateFailureAnalyzer().analyze(failure);
        assertThat(analysis).as("analysis of " + failure).isNotNull();
        return analysis;
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({ DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class,
            TransactionAutoConfiguration.class, IdGeneratorsAutoConfiguration.class, IdsJpaAutoConfiguration.class })
    static class Application {

        @Bean
        PersistenceManagedTypes persistenceManagedTypes() {
            return PersistenceManagedTypes.of(Snoo.class.getName());
        }
    }

    @Entity
    @Table(name = "fa_snoo")
    static class Snoo {

        @Id
        @GeneratedValue(generator = "snoo")
        Long id;
    }

    @Entity
    @Table(name = "fa_long_sno")
    static class LongSno {

        @Id
        @GeneratedSno
        Long id;
    }

    @Entity
    @Table(name = "fa_sno")
    static class Sno {

        @Id
        @GeneratedValue(generator = "sno")
        @Column(length = 16)
        String id;
    }
}
