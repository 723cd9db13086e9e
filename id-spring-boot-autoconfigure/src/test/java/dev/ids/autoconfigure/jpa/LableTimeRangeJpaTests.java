package dev.ids.autoconfigure.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.autoconfigure.jpa.GenerationEntities.LableAsValue;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.testing.TestDatabase;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Path;
import jakarta.persistence.criteria.Root;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Time ranges of Lable primary keys through JPA on H2: in the starter's default mode, TIME_SEQUENTIAL, the
 * generator bean (and {@code LableId.min/max} with that mode) bounds a {@code BETWEEN} query that selects exactly the
 * rows created in the range; with {@code ids.lable.mode=spread} the bean refuses to give bounds instead of letting the
 * query come back empty.
 */
@SpringBootTest(classes = GenerationTestApplication.class, webEnvironment = WebEnvironment.NONE, properties = {
        "ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513", "ids.sno.named.payments.partition=2", "spring.jpa.hibernate.ddl-auto=create-drop" })
@DirtiesContext
class LableTimeRangeJpaTests {

    @Autowired
    private EntityManagerFactory entityManagerFactory;

    @Autowired
    private LableIdGenerator lableIds;

    @DynamicPropertySource
    static void dataSource(DynamicPropertyRegistry registry) {
        TestDatabase.H2.springProperties("LableTimeRangeJpaTests")
                .forEach((key, value) -> registry.add(key, () -> value));
    }

    @Test
    void timeSequentialRangeFromTheGeneratorBeanSelectsExactlyTheTwoHundredRowsCreatedInIt() throws Exception {
        insert(30);
        Thread.sleep(2); // the rows before the range end in an earlier millisecond than from
        Instant from = Instant.now();
        List<LableId> inRange = insert(200);
        Instant last = Instant.now();
        Thread.sleep(2); // the rows after the range start in a later millisecond than last
        insert(30);

        List<LableId> found = between(lableIds.min(from), lableIds.max(last));

        assertThat(lableIds.mode()).as("the starter's default").isEqualTo(LableMode.TIME_SEQUENTIAL);
        assertThat(found).hasSize(200).containsExactlyElementsOf(inRange.stream().sorted().toList());
        assertThat(between(LableId.min(from, LableMode.TIME_SEQUENTIAL), LableId.max(last, LableMode.TIME_SEQUENTIAL)))
                .as("the value type's bounds over rows of the default mode").hasSize(200);
    }

    @Test
    void spreadGeneratorBeanRefusesTheBoundsNamingTheProperty() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513",
                        "ids.lable.mode=spread")
                .run(context -> {
                    LableIdGenerator spread = context.getBean(LableIdGenerator.class);
                    assertThat(spread.mode()).isEqualTo(LableMode.SPREAD);
                    assertThatThrownBy(() -> spread.min(Instant.now())).isInstanceOf(IllegalStateException.class)
                            .hasMessageContaining("SPREAD IDs are not ordered by time")
                            .hasMessageContaining("ids.lable.mode=time-sequential");
                });
    }

    private List<LableId> insert(int count) {
        List<LableAsValue> rows = new ArrayList<>();
        inTransaction(em -> {
            for (int i = 0; i < count; i++) {
                LableAsValue row = new LableAsValue();
                em.persist(row);
                rows.add(row);
            }
        });
        return rows.stream().map(row -> (LableId) row.id()).toList();
    }

    private List<LableId> between(LableId from, LableId to) {
        EntityManager em = entityManagerFactory.createEntityManager();
        try {
            CriteriaBuilder criteria = em.getCriteriaBuilder();
            CriteriaQuery<LableId> query = criteria.createQuery(LableId.class);
            Root<LableAsValue> row = query.from(LableAsValue.class);
            Path<LableId> id = row.get("id");
            query.select(id).where(criteria.between(id, from, to)).orderBy(criteria.asc(id));
            return em.createQuery(query).getResultList();
        } finally {
            em.close();
        }
    }

    private void inTransaction(Consumer<EntityManager> work) {
        EntityManager em = entityManagerFactory.createEntityManager();
        try {
            em.getTransaction().begin();
            work.accept(em);
            em.getTransaction().commit();
        } finally {
            if (em.getTransaction().isActive()) {
                em.getTransaction().rollback();
            }
            em.close();
        }
    }
}
