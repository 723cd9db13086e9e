package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ids.gid.GidCodec;
import dev.ids.lable.LableCodec;
import dev.ids.muid.MuidCodec;
import dev.ids.sno.SnoCodec;
import dev.ids.traceid.TraceIdCodec;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every scheme's codec has the same entry points, with the same names and types, so that code written against one
 * (a descriptor, a converter) reads the same for all five: {@code LENGTH}, {@code encode(byte[])},
 * {@code decode(CharSequence)} to bytes and {@code isValid(CharSequence)}; the 64-bit schemes also
 * {@code encode(long)}, {@code decodeLong(CharSequence)} and {@code check(long)}.
 */
class CodecShapeTest {

    static List<Class<?>> codecs() {
        return List.of(TraceIdCodec.class, LableCodec.class, GidCodec.class, SnoCodec.class, MuidCodec.class);
    }

    static List<Class<?>> longCodecs() {
        return List.of(TraceIdCodec.class, LableCodec.class);
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void everyCodecHasTheCommonEntryPoints(Class<?> codec) throws ReflectiveOperationException {
        Field length = codec.getField("LENGTH");
        assertThat(length.getType()).isEqualTo(int.class);
        assertThat(length.getModifiers() & (Modifier.PUBLIC | Modifier.STATIC | Modifier.FINAL))
                .isEqualTo(Modifier.PUBLIC | Modifier.STATIC | Modifier.FINAL);

        assertEntryPoint(codec, "encode", byte[].class, String.class);
        assertEntryPoint(codec, "decode", CharSequence.class, byte[].class);
        assertEntryPoint(codec, "isValid", CharSequence.class, boolean.class);
    }

    @ParameterizedTest
    @MethodSource("longCodecs")
    void everySixtyFourBitCodecAlsoWorksOnALong(Class<?> codec) throws ReflectiveOperationException {
        assertEntryPoint(codec, "encode", long.class, String.class);
        assertEntryPoint(codec, "decodeLong", CharSequence.class, long.class);
        assertEntryPoint(codec, "check", long.class, long.class);
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void theEntryPointsRejectBadInputNamingIt(Class<?> codec) throws ReflectiveOperationException {
        Throwable badBytes = thrownBy(codec.getMethod("encode", byte[].class), new byte[] {(byte) 0xAB, 0x0C, 0x0D});
        Throwable badText = thrownBy(codec.getMethod("decode", CharSequence.class), "not an id");

        assertThat(badBytes).isInstanceOf(InvalidIdException.class).hasMessageContaining("ab0c0d")
                .hasMessageContaining("3");
        assertThat(badText).isInstanceOf(InvalidIdException.class).hasMessageContaining("not an id");
        assertThat(codec.getMethod("isValid", CharSequence.class).invoke(null, "not an id")).isEqualTo(false);
    }

    private static Throwable thrownBy(Method method, Object argument) {
        Throwable thrown = catchThrowable(() -> method.invoke(null, argument));
        return thrown instanceof InvocationTargetException e ? e.getCause() : thrown;
    }

    private static void assertEntryPoint(Class<?> codec, String name, Class<?> parameter, Class<?> result)
            throws NoSuchMethodException {
        Method method = codec.getMethod(name, parameter);
        assertThat(method.getReturnType()).as("%s.%s(%s)", codec.getSimpleName(), name, parameter.getSimpleName())
                .isEqualTo(result);
        assertThat(Modifier.isStatic(method.getModifiers())).as("%s.%s is static", codec.getSimpleName(), name)
                .isTrue();
    }
}
