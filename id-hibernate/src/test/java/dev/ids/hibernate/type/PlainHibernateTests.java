package dev.ids.hibernate.type;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.hibernate.tool.schema.Action;
import org.junit.jupiter.api.Test;

/**
 * The JavaTypes with plain Hibernate, outside Spring: found by Hibernate's service loader, used for {@code @Id}
 * and for query parameters.
 */
class PlainHibernateTests {

    @Test
    void valueTypeIdsWorkWithPlainHibernateBootstrap() {
        SnoGenerator snos = SnoGenerator.builder().partition(9).build();
        GidGenerator gids = GidGenerator.builder().type(GidType.LOG).build();
        Sno sno = snos.next();
        Gid gid = gids.next();
        try (EntityManagerFactory factory = new HibernatePersistenceConfiguration("plain")
                .managedClasses(SnoEntity.class, GidEntity.class)
                .jdbcUrl("jdbc:h2:mem:ids-plain-hibernate;DB_CLOSE_DELAY=-1").jdbcCredentials("sa", "")
                .schemaToolingAction(Action.CREATE_DROP).createEntityManagerFactory()) {
            factory.runInTransaction(entityManager -> {
                entityManager.persist(new SnoEntity(sno, "a sno"));
                entityManager.persist(new GidEntity(gid, "a gid"));
            });
            String name = factory.callInTransaction(
                    entityManager -> entityManager.find(SnoEntity.class, Sno.parse(sno.toString())).name);
            assertThat(name).isEqualTo("a sno");
            List<Gid> found = factory.callInTransaction(entityManager -> entityManager
                    .createQuery("select g.id from GidEntity g where g.id between :from and :to", Gid.class)
                    .setParameter("from", Gid.min(GidType.LOG, Instant.EPOCH))
                    .setParameter("to", Gid.max(GidType.LOG, Instant.now().plusSeconds(60)))
                    .getResultList());
            assertThat(found).containsExactly(gid);
        }
    }

    /** An entity whose ID is a {@link Sno} the application assigns. */
    @Entity(name = "SnoEntity")
    @Table(name = "plain_types_sno")
    static class SnoEntity {

        @Id
        Sno id;

        String name;

        SnoEntity() {
        }

        SnoEntity(Sno id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    /** An entity whose ID is a {@link Gid} the application assigns. */
    @Entity(name = "GidEntity")
    @Table(name = "plain_types_gid")
    static class GidEntity {

        @Id
        Gid id;

        String name;

        GidEntity() {
        }

        GidEntity(Gid id, String name) {
            this.id = id;
            this.name = name;
        }
    }
}
