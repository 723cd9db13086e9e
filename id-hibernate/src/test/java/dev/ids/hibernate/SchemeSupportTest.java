package dev.ids.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdScheme;
import java.lang.annotation.Annotation;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;
import org.hibernate.annotations.IdGeneratorType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Hibernate side of each scheme, read from its descriptor: the generator annotation found by its name, and the
 * attribute types a generated value may be stored in, as they were when this module listed them itself.
 */
class SchemeSupportTest {

    @GeneratedTraceId(name = "a") @GeneratedLableId(name = "b") @GeneratedGid(name = "c") @GeneratedSno(name = "d")
    @GeneratedMuid(name = "e")
    private Object annotated;

    private static final Map<IdScheme, String> SUPPORTED_TYPES = Map.of(
            IdScheme.TRACE_ID, "Long, long, String, dev.ids.traceid.TraceId",
            IdScheme.LABLE, "Long, long, String, dev.ids.lable.LableId",
            IdScheme.GID, "java.util.UUID, byte[] (16), String, dev.ids.gid.Gid",
            IdScheme.SNO, "byte[] (10), String, dev.ids.sno.Sno",
            IdScheme.MUID, "java.util.UUID, byte[] (16), String, dev.ids.muid.Muid");

    @ParameterizedTest
    @EnumSource(IdScheme.class)
    void everySchemeHasAGeneratorAnnotationOfItsName(IdScheme scheme) throws Exception {
        SchemeSupport support = SchemeSupport.of(scheme);
        Class<?> type = Class.forName(support.annotationName());
        assertThat(type.getSimpleName()).isEqualTo(support.annotationSimpleName());
        assertThat(type.getAnnotation(IdGeneratorType.class).value()).isEqualTo(IdsGenerator.class);
        Annotation annotation = annotations().stream().filter(a -> a.annotationType() == type).findFirst()
                .orElseThrow();
        assertThat(SchemeSupport.of(annotation).scheme()).isSameAs(scheme);
        assertThat(SchemeSupport.nameOf(annotation)).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(IdScheme.class)
    void theAttributeTypesAreTheDescriptorsForms(IdScheme scheme) {
        SchemeSupport support = SchemeSupport.of(scheme);
        assertThat(support.supportedTypes()).isEqualTo(SUPPORTED_TYPES.get(scheme));
        assertThat(support.generatorType()).isSameAs(scheme.descriptor().generatorType());
        boolean hasLong = support.supportedTypes().startsWith("Long");
        assertThat(support.converter(long.class) != null).isEqualTo(hasLong);
        assertThat(support.converter(byte[].class) != null).isEqualTo(!hasLong);
        assertThat(support.converter(UUID.class) != null).isEqualTo(support.supportedTypes().contains("UUID"));
    }

    @Test
    void anotherAnnotationIsNoScheme() throws Exception {
        Annotation other = SchemeSupportTest.class.getDeclaredMethod("anotherAnnotationIsNoScheme")
                .getAnnotation(Test.class);
        assertThat(SchemeSupport.find(other)).isEmpty();
        assertThatThrownBy(() -> SchemeSupport.nameOf(other)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not one of the ids generator annotations");
    }

    private static java.util.List<Annotation> annotations() throws NoSuchFieldException {
        return Arrays.asList(SchemeSupportTest.class.getDeclaredField("annotated").getAnnotations());
    }
}
