package dev.ids.hibernate.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A plain Hibernate application, as a user without Spring writes it: {@code id-core}, {@code id-hibernate} and
 * Hibernate, a {@code META-INF/persistence.xml} with no mapping file, and the generator handed over in the setting
 * {@code ids.generator.sno}. Its entity asks only for
 * {@code @GeneratedValue(generator = "sno")}.
 */
class PlainHibernateApplicationTests {

    private static final int PARTITION = 77;

    @Test
    void theSnoGeneratorOfTheSettingNumbersTheEntitiesWithoutSpring() {
        assertThatThrownBy(() -> Class.forName("org.springframework.core.SpringVersion"))
                .as("Spring must not be on this module's test class path").isInstanceOf(ClassNotFoundException.class);
        SnoGenerator snos = SnoGenerator.builder().partition(PARTITION).build();
        List<Invoice> invoices = List.of(new Invoice("ada"), new Invoice("grace"), new Invoice("edsger"));
        try (EntityManagerFactory factory = Persistence.createEntityManagerFactory("plain-hibernate-application",
                Map.of("ids.generator.sno", snos))) {
            factory.runInTransaction((entityManager) -> invoices.forEach(entityManager::persist));
            List<String> stored = factory.callInTransaction((entityManager) -> entityManager
                    .createNativeQuery("select id from plain_app_invoice").getResultList().stream()
                    .map(String.class::cast).toList());

            assertThat(stored).hasSize(3).doesNotHaveDuplicates();
            List<String> generated = new ArrayList<>();
            for (Invoice invoice : invoices) {
                generated.add(invoice.getId());
            }
            assertThat(stored).containsExactlyInAnyOrderElementsOf(generated);
            assertThat(stored).allSatisfy((id) -> {
                assertThat(Sno.isValid(id)).as("%s is a sno", id).isTrue();
                assertThat(Sno.parse(id).partition()).isEqualTo(PARTITION);
            });
            assertThat(snos.generatedCount()).isEqualTo(3);
        }
    }
}
