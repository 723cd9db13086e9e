package dev.ids.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdScheme;
import dev.ids.hibernate.IdsGeneratorNames.Reference;
import dev.ids.sno.SnoGenerator;
import java.util.List;
import java.util.Map;
import org.hibernate.MappingException;
import org.hibernate.boot.jaxb.mapping.spi.JaxbGenericIdGeneratorImpl;
import org.junit.jupiter.api.Test;

class IdsGeneratorRegistrationsTests {

    @Test
    void theFiveSchemeNamesAreAlwaysRegistered() {
        assertThat(IdsGeneratorRegistrations.references(Map.of())).extracting(Reference::generatorName)
                .containsExactly("gid", "lable", "muid", "sno", "trace-id");
    }

    @Test
    void withoutTheSchemeNamesOnlyTheListedNamesAreRegisteredAndNoneWithoutAList() {
        assertThat(IdsGeneratorRegistrations.references(Map.of(IdsGeneratorNames.SCHEME_NAMES_SETTING, "false")))
                .isEmpty();
        assertThat(IdsGeneratorRegistrations.references(Map.of(IdsGeneratorNames.SCHEME_NAMES_SETTING, "false",
                IdsGeneratorNames.NAMES_SETTING, "sno,trace-id:audit"))).extracting(Reference::generatorName)
                .containsExactly("sno", "trace-id:audit");
    }

    @Test
    void namedGeneratorsAreRegisteredFromTheirInstanceSettingsAndTheNamesSetting() {
        Map<String, Object> settings = Map.of("ids.generator.sno.payments", SnoGenerator.builder().partition(1).build(),
                "ids.generator.trace-id.audit.eu", "an instance", IdsGeneratorNames.NAMES_SETTING,
                " lable:orders ,, muid:x ", IdsGeneratorNames.CHECK_NAMES_SETTING, "false",
                "ids.generator.snoo.typo", "ignored: no scheme", "hibernate.dialect", "H2");
        assertThat(IdsGeneratorRegistrations.references(settings)).extracting(Reference::generatorName)
                .containsExactly("gid", "lable", "lable:orders", "muid", "muid:x", "sno", "sno:payments", "trace-id",
                        "trace-id:audit.eu");
    }

    @Test
    void aNamesSettingWithSomethingElseIsRefusedNamingItBoundedAndEscaped() {
        assertThatThrownBy(() -> IdsGeneratorRegistrations.references(Map.of(IdsGeneratorNames.NAMES_SETTING,
                "sno:a, nope\u0007" + "x".repeat(300)))).isInstanceOf(MappingException.class)
                .hasMessageContaining("ids.generator.names lists 'nope\\u0007xxx")
                .hasMessageContaining("(305 chars)").hasMessageNotContaining("x".repeat(150))
                .hasMessageContaining("trace-id, lable, gid, sno, muid");
    }

    @Test
    void eachRegistrationIsTheMappedGeneratorWithItsSchemeAndName() {
        List<JaxbGenericIdGeneratorImpl> generators = IdsGeneratorRegistrations.mappings(List.of(
                new Reference(IdScheme.SNO, ""), new Reference(IdScheme.SNO, "a&b\"c"))).getGenericGenerators();
        assertThat(generators).extracting(IdsGeneratorRegistrationsTests::describe).containsExactly(
                "sno=dev.ids.hibernate.IdsMappedGenerator{ids.scheme=sno}",
                "sno:a&b\"c=dev.ids.hibernate.IdsMappedGenerator{ids.scheme=sno, ids.name=a&b\"c}");
    }

    private static String describe(JaxbGenericIdGeneratorImpl generator) {
        return generator.getName() + "=" + generator.getClazz() + generator.getParameters().stream()
                .map((parameter) -> parameter.getName() + "=" + parameter.getValue()).toList().toString()
                .replace('[', '{').replace(']', '}');
    }
}
