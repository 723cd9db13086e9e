package dev.ids.autoconfigure.slice.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.hibernate.GeneratedSno;
import dev.ids.sno.Sno;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.jdbc.test.autoconfigure.DataJdbcTest;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.data.repository.CrudRepository;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A repository test the way applications write them, {@code @DataJdbcTest}: Boot's slice takes only the
 * auto-configurations listed for it, so the starter lists its Spring Data JDBC support there, or an ID value type is
 * mapped as a nested entity of its parts and the insert names columns that do not exist. The generators are not part
 * of the slice; this test imports them with fixed identities, as the README says.
 */
@DataJdbcTest(properties = { "ids.node.provider=static", "ids.sno.partition=5", "ids.trace-id.node-no=1",
        "ids.lable.generator-id=1" })
@ImportAutoConfiguration(IdGeneratorsAutoConfiguration.class)
class DataJdbcSliceTests {

    @Autowired
    private Parcels parcels;

    @Autowired
    private JdbcTemplate jdbc;

    @BeforeEach
    void createTable() {
        // Spring Data JDBC quotes the names: lower-case table, upper-case columns
        jdbc.execute("create table if not exists \"slice_parcel\" (\"ID\" binary(10) primary key, "
                + "\"REPLACES\" binary(10))");
    }

    @Test
    void aGeneratedIdAndAnIdColumnAreStoredAndReadInADataJdbcTest() {
        Parcel first = parcels.save(new Parcel(null));
        Parcel second = parcels.save(new Parcel(first.getId()));

        assertThat(first.getId().partition()).isEqualTo(5);
        assertThat(parcels.findById(second.getId())).hasValueSatisfying(
                found -> assertThat(found.getReplaces()).isEqualTo(first.getId()));
        assertThat(jdbc.queryForObject("select \"REPLACES\" from \"slice_parcel\" where \"ID\" = ?", byte[].class,
                second.getId().toBytes())).as("stored as the sno's 10 bytes").isEqualTo(first.getId().toBytes());
    }

    /** The application. */
    @SpringBootConfiguration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @EnableJdbcRepositories(considerNestedRepositories = true)
    static class SliceApplication {
    }

    /** A parcel, which may replace another. */
    @Table("slice_parcel")
    static class Parcel {

        @Id
        @GeneratedSno
        Sno id;

        Sno replaces;

        Parcel(Sno replaces) {
            this.replaces = replaces;
        }

        Sno getId() {
            return id;
        }

        Sno getReplaces() {
            return replaces;
        }
    }

    /** The parcels. */
    interface Parcels extends CrudRepository<Parcel, Sno> {
    }
}
