package dev.ids.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdScheme;
import dev.ids.hibernate.IdsGeneratorNames.Reference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class IdsGeneratorNamesTests {

    @ParameterizedTest
    @CsvSource({ "snoo, sno", "SNO, sno", "Sno, sno", "son, sno", "trace_id, trace-id", "TRACE-ID, trace-id",
            "traceid, trace-id", "trace id, trace-id", "muids, muid", "MUID, muid", "label, lable", "lables, lable",
            "gdi, gid", "gidd, gid", "snoo:payments, sno:payments", "lable-id, lable", "lable_id, lable",
            "trace, trace-id" })
    void misspeltSchemeNamesPointToTheNameMeant(String given, String meant) {
        assertThat(IdsGeneratorNames.probablyMeant(given)).contains(meant);
    }

    @ParameterizedTest
    @ValueSource(strings = { "pid", "sid", "oid", "uid", "id", "no",
            "sno", "trace-id", "lable", "gid", "muid", "sno:payments", "uuid", "uuid2", "guid",
            "table", "sequence", "increment", "seq", "orders", "order_seq", "snowflake", "x" })
    void exactNamesHibernatesOwnAndUnrelatedNamesAreNoMisspellings(String given) {
        assertThat(IdsGeneratorNames.probablyMeant(given)).isEmpty();
    }

    @Test
    void parsesExactSchemeNamesWithAndWithoutAGeneratorName() {
        assertThat(IdsGeneratorNames.parse("sno")).contains(new Reference(IdScheme.SNO, ""));
        assertThat(IdsGeneratorNames.parse("trace-id:audit")).contains(new Reference(IdScheme.TRACE_ID, "audit"));
        assertThat(IdsGeneratorNames.parse("sno:")).isEmpty();
        assertThat(IdsGeneratorNames.parse("sno: payments")).isEmpty();
        assertThat(IdsGeneratorNames.parse("Sno")).isEmpty();
        assertThat(IdsGeneratorNames.parse(null)).isEmpty();
    }

    @Test
    void referencesNameTheirSettingAndTheBeanOfTheStarter() {
        Reference named = new Reference(IdScheme.SNO, "payments");
        assertThat(named.generatorName()).isEqualTo("sno:payments");
        assertThat(named.settingName()).isEqualTo("ids.generator.sno.payments");
        assertThat(named.beanName()).isEqualTo("paymentsSnoGenerator");
        assertThat(new Reference(IdScheme.TRACE_ID, "").settingName()).isEqualTo("ids.generator.trace-id");
        assertThat(new Reference(IdScheme.LABLE, "audit").beanName()).isEqualTo("auditLableIdGenerator");
    }
}
