package dev.ids.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class LeaseNamesTest {

    private static final String OBJECT_NAME = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
    private static final String LABEL_VALUE = "([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?";

    @Test
    void aPlainNamespaceNamesItsObjectsAsItIs() {
        assertThat(new LeaseNames("ids", "sno").name(3)).isEqualTo("ids-sno-3");
    }

    @Test
    void namespacesObjectNamesRefuseAreKeyedByAReadablePartAndAHashAndStayDistinct() {
        List<String> namespaces = List.of("Sno", "sno.payments", "sno_payments", "sno-payments", "SNO",
                "_".repeat(64), "A".repeat(64), "a.b-c_d.E".repeat(7));
        List<String> keys = namespaces.stream().map(LeaseNames::key).toList();
        assertThat(keys).doesNotHaveDuplicates();
        for (String namespace : namespaces) {
            String name = new LeaseNames("ids", namespace).name(Long.MAX_VALUE);
            assertThat(name).matches(OBJECT_NAME).hasSizeLessThanOrEqualTo(253);
            assertThat(LeaseNames.key(namespace)).matches(LABEL_VALUE);
        }
    }

    @Test
    void aPrefixThatWouldMakeInvalidNamesIsRefusedNamingIt() {
        assertThatThrownBy(() -> LeaseNames.checkPrefix("Ids_")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'Ids_'");
        assertThat(LeaseNames.checkPrefix("my-ids")).isEqualTo("my-ids");
    }
}
