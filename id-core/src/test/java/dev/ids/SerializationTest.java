package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Java serialization of the five value types: each goes through a proxy that holds only its binary form, comes back
 * equal, stays small, and a stream with invalid bytes, the wrong number of bytes or the fields of the value type
 * itself is refused with a message that names the problem.
 */
class SerializationTest {

    /** The largest serialized size measured, 68 bytes (a Muid; a Sno takes 60), and a little room. */
    private static final int MAX_SERIALIZED_SIZE = 72;

    static Stream<Serializable> ids() {
        return Stream.of(TraceIdGenerator.builder().nodeNo(7).build().next(),
                LableIdGenerator.builder().generatorId(5).clusterId(3).build().next(),
                GidGenerator.builder().type(GidType.VOLUME).build().next(),
                SnoGenerator.builder().partition(513).build().next(),
                MuidGenerator.builder().build().next());
    }

    @ParameterizedTest
    @MethodSource("ids")
    void roundTripGivesAnEqualValueOfTheSameType(Serializable id) throws Exception {
        Object read = deserialize(serialize(id));

        assertThat(read).isInstanceOf(id.getClass()).isEqualTo(id).hasSameHashCodeAs(id)
                .hasToString(id.toString());
    }

    @ParameterizedTest
    @MethodSource("ids")
    void serializedFormIsTheBinaryFormInASmallProxy(Serializable id) throws Exception {
        byte[] stream = serialize(id);
        byte[] binary = binaryForm(id);

        assertThat(stream.length).as("serialized size of a %s", id.getClass().getSimpleName())
                .isLessThanOrEqualTo(MAX_SERIALIZED_SIZE);
        assertThat(Arrays.copyOfRange(stream, stream.length - binary.length - 1, stream.length - 1)).isEqualTo(binary);
        assertThat(new String(stream, StandardCharsets.ISO_8859_1))
                .contains("dev.ids.SerializedId");
    }

    @Test
    void aForgedSchemeIsRefusedNamingTheSchemes() throws Exception {
        Sno sno = SnoGenerator.builder().partition(1).build().next();
        byte[] stream = serialize(sno);
        int schemeByte = stream.length - Sno.BYTES - 4; // the field's value, right before the binary form's block
        assertThat(stream[schemeByte]).as("sno's position among the schemes").isEqualTo((byte) 3);
        stream[schemeByte] = 9;

        assertThatThrownBy(() -> deserialize(stream)).isInstanceOf(InvalidObjectException.class)
                .hasMessage("Invalid serialized ID: scheme 9 is none of the 5 schemes "
                        + "(trace-id, lable, gid, sno, muid)");
    }

    @Test
    void theSchemesKeepTheirPositionsWhichTheSerialFormRecords() {
        assertThat(IdScheme.values()).extracting(IdScheme::schemeName)
                .containsExactly("trace-id", "lable", "gid", "sno", "muid");
    }

    @Test
    void binaryFormHelperReadsTheStreamLayoutTheTestsRelyOn() throws Exception {
        LableId id = LableId.parse("000d016fa28502a3");

        assertThat(HexFormat.of().formatHex(serialize(id))).endsWith("7708000d016fa28502a378");
    }

    static Stream<Arguments> invalidBinaryForms() {
        List<Serializable> ids = ids().toList();
        byte[] traceIdTopBit = new byte[TraceId.BYTES];
        Arrays.fill(traceIdTopBit, (byte) 0xff);
        byte[] lableReservedBit = new byte[LableId.BYTES];
        lableReservedBit[6] = (byte) 0x80;
        return Stream.of(
                Arguments.of(ids.get(0), traceIdTopBit, "Invalid trace-id 'ffffffffffffffff': the highest bit is set"),
                Arguments.of(ids.get(1), lableReservedBit,
                        "Invalid lable '0000000000008000': reserved bits set in byte 6"),
                Arguments.of(ids.get(2), new byte[Gid.BYTES],
                        "Invalid gid '00000000000000000000000000000000': prefix 0x00 lacks the top bit"));
    }

    @ParameterizedTest
    @MethodSource("invalidBinaryForms")
    void forgedBinaryFormIsRefusedWithTheReasonOfFromBytes(Serializable id, byte[] invalid, String message)
            throws Exception {
        byte[] forged = withBinaryForm(serialize(id), binaryForm(id).length, invalid);

        assertThatThrownBy(() -> deserialize(forged)).isInstanceOf(InvalidObjectException.class)
                .hasMessageStartingWith(message).hasCauseInstanceOf(InvalidIdException.class);
    }

    @ParameterizedTest
    @MethodSource("ids")
    void forgedBinaryFormOfAnotherLengthIsRefusedNamingTheLengths(Serializable id) throws Exception {
        byte[] stream = serialize(id);
        int length = binaryForm(id).length;
        String scheme = schemeOf(id);

        assertThatThrownBy(() -> deserialize(withBinaryForm(stream, length, new byte[length - 1])))
                .isInstanceOf(InvalidObjectException.class).hasMessage("Invalid serialized " + scheme
                        + ": the binary form is exactly " + length + " bytes, the stream holds " + (length - 1));
        assertThatThrownBy(() -> deserialize(withBinaryForm(stream, length, new byte[length + 1])))
                .isInstanceOf(InvalidObjectException.class).hasMessage("Invalid serialized " + scheme
                        + ": the binary form is exactly " + length + " bytes, the stream holds more");
    }

    @ParameterizedTest
    @MethodSource("ids")
    void streamHoldingTheValueTypesOwnFieldsIsRefused(Serializable id) throws Exception {
        byte[] forged = objectWithoutFields(id.getClass());

        assertThatThrownBy(() -> deserialize(forged)).isInstanceOf(InvalidObjectException.class)
                .hasMessage(id.getClass().getSimpleName() + " is read only from its serial form, whose bytes are "
                        + "checked like those of fromBytes; this stream holds the fields of a "
                        + id.getClass().getName() + " directly, which only a forged stream does");
    }

    @Test
    void snoAndMuidAcceptEveryBinaryFormOfTheirLength() throws Exception {
        byte[] ones = new byte[Muid.BYTES];
        Arrays.fill(ones, (byte) 0xff);
        Sno sno = SnoGenerator.builder().partition(1).build().next();
        Muid muid = MuidGenerator.builder().build().next();

        assertThat(deserialize(withBinaryForm(serialize(sno), Sno.BYTES, Arrays.copyOf(ones, Sno.BYTES))))
                .isEqualTo(Sno.fromBytes(Arrays.copyOf(ones, Sno.BYTES)));
        assertThat(deserialize(withBinaryForm(serialize(muid), Muid.BYTES, ones))).isEqualTo(Muid.fromBytes(ones));
    }

    private static byte[] serialize(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    private static Object deserialize(byte[] stream) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream))) {
            return in.readObject();
        }
    }

    private static byte[] binaryForm(Object id) {
        if (id instanceof TraceId traceId) {
            return traceId.toBytes();
        } else if (id instanceof LableId lable) {
            return lable.toBytes();
        } else if (id instanceof Gid gid) {
            return gid.toBytes();
        } else if (id instanceof Sno sno) {
            return sno.toBytes();
        }
        return ((Muid) id).toBytes();
    }

    private static String schemeOf(Object id) {
        return List.of(TraceId.SCHEME, LableId.SCHEME, Gid.SCHEME, Sno.SCHEME, Muid.SCHEME)
                .get(List.of(TraceId.class, LableId.class, Gid.class, Sno.class, Muid.class).indexOf(id.getClass()));
    }

    /**
     * Replaces the binary form at the end of a serialized proxy, {@code TC_BLOCKDATA length bytes TC_ENDBLOCKDATA},
     * by other bytes.
     */
    private static byte[] withBinaryForm(byte[] stream, int length, byte[] replacement) {
        int start = stream.length - length - 3;
        assertThat(stream[start]).as("TC_BLOCKDATA").isEqualTo((byte) 0x77);
        assertThat(stream[start + 1]).isEqualTo((byte) length);
        ByteArrayOutputStream forged = new ByteArrayOutputStream();
        forged.write(stream, 0, start + 1);
        forged.write(replacement.length);
        forged.writeBytes(replacement);
        forged.write(0x78);
        return forged.toByteArray();
    }

    /** A stream of one object of a class with its own serialVersionUID but no fields, as no proxy writes it. */
    private static byte[] objectWithoutFields(Class<?> type) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeShort(0xaced);
            out.writeShort(5);
            out.writeByte(0x73); // TC_OBJECT
            out.writeByte(0x72); // TC_CLASSDESC
            out.writeUTF(type.getName());
            out.writeLong(ObjectStreamClass.lookup(type).getSerialVersionUID());
            out.writeByte(0x02); // SC_SERIALIZABLE
            out.writeShort(0);
            out.writeByte(0x78); // TC_ENDBLOCKDATA
            out.writeByte(0x70); // TC_NULL: no serializable superclass
        }
        return bytes.toByteArray();
    }
}
