package dev.ids.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdScheme;
import dev.ids.hibernate.IdsGeneratorNames.Reference;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

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

    @Test
    void theShippedMappingFileRegistersTheFiveSchemesLikeAGeneratedOne() throws Exception {
        List<String> shipped;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(IdsGeneratorNames.MAPPING_FILE)) {
            assertThat(in).as(IdsGeneratorNames.MAPPING_FILE).isNotNull();
            shipped = generators(in);
        }
        String generated = IdsGeneratorNames.mappingXml(Arrays.stream(IdScheme.values())
                .map((scheme) -> new Reference(scheme, "")).toList());
        assertThat(shipped).containsExactlyElementsOf(
                generators(new ByteArrayInputStream(generated.getBytes(StandardCharsets.UTF_8))));
        assertThat(shipped).containsExactly(
                "trace-id=dev.ids.hibernate.IdsMappedGenerator{ids.scheme=trace-id}",
                "lable=dev.ids.hibernate.IdsMappedGenerator{ids.scheme=lable}",
                "gid=dev.ids.hibernate.IdsMappedGenerator{ids.scheme=gid}",
                "sno=dev.ids.hibernate.IdsMappedGenerator{ids.scheme=sno}",
                "muid=dev.ids.hibernate.IdsMappedGenerator{ids.scheme=muid}");
    }

    @Test
    void generatedMappingsEscapeNamesAndCarryTheGeneratorName() throws Exception {
        String xml = IdsGeneratorNames.mappingXml(List.of(new Reference(IdScheme.SNO, "a&b\"c")));
        assertThat(generators(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))))
                .containsExactly("sno:a&b\"c=dev.ids.hibernate.IdsMappedGenerator{ids.scheme=sno, ids.name=a&b\"c}");
    }

    private static List<String> generators(InputStream xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Element root = factory.newDocumentBuilder().parse(xml).getDocumentElement();
        assertThat(root.getNamespaceURI()).isEqualTo("http://www.hibernate.org/xsd/orm/mapping");
        assertThat(root.getAttribute("version")).isEqualTo("7.0");
        List<String> result = new ArrayList<>();
        NodeList generators = root.getElementsByTagNameNS("*", "generic-generator");
        for (int i = 0; i < generators.getLength(); i++) {
            Element generator = (Element) generators.item(i);
            List<String> parameters = new ArrayList<>();
            NodeList parameterNodes = generator.getElementsByTagNameNS("*", "parameter");
            for (int j = 0; j < parameterNodes.getLength(); j++) {
                Element parameter = (Element) parameterNodes.item(j);
                parameters.add(parameter.getAttribute("name") + "=" + parameter.getAttribute("value"));
            }
            result.add(generator.getAttribute("name") + "=" + generator.getAttribute("class") + "{"
                    + String.join(", ", parameters) + "}");
        }
        return result;
    }
}
