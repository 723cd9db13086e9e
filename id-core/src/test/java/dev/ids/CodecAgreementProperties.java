package dev.ids;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.Gid;
import dev.ids.gid.GidCodec;
import dev.ids.gid.GidType;
import dev.ids.lable.LableCodec;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidCodec;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoCodec;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdCodec;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Each scheme's codec and value type agree on which strings are IDs: {@code Codec.isValid(text)} equals
 * {@code Type.isValid(text)}, on arbitrary strings and on valid ones with one character changed, dropped or added
 * (where the two could drift apart: a layout bit, a separator, a case, a length). Both must also equal whether
 * {@code Type.parse(text)} succeeds, since a type's {@code isValid} may simply delegate to its codec.
 */
class CodecAgreementProperties {

    /** Characters that are valid in some scheme and not in another, and a few that are valid in none. */
    private static final String TRICKY = "0123456789abcdefxyzABCDEFXYZ-_ +\u0000\u00e9\u0660\uff10";

    @Property
    void traceIdCodecAndTypeAgree(@ForAll("traceIdTexts") String text) {
        assertThat(TraceIdCodec.isValid(text)).isEqualTo(TraceId.isValid(text))
                .isEqualTo(parses(() -> TraceId.parse(text)));
    }

    @Property
    void lableCodecAndTypeAgree(@ForAll("lableTexts") String text) {
        assertThat(LableCodec.isValid(text)).isEqualTo(LableId.isValid(text))
                .isEqualTo(parses(() -> LableId.parse(text)));
    }

    @Property
    void gidCodecAndTypeAgree(@ForAll("gidTexts") String text) {
        assertThat(GidCodec.isValid(text)).isEqualTo(Gid.isValid(text))
                .isEqualTo(parses(() -> Gid.parse(text)));
    }

    @Property
    void muidCodecAndTypeAgree(@ForAll("muidTexts") String text) {
        assertThat(MuidCodec.isValid(text)).isEqualTo(Muid.isValid(text))
                .isEqualTo(parses(() -> Muid.parse(text)));
    }

    @Property
    void snoCodecAndTypeAgree(@ForAll("snoTexts") String text) {
        assertThat(SnoCodec.isValid(text)).isEqualTo(Sno.isValid(text))
                .isEqualTo(parses(() -> Sno.parse(text)));
    }

    @Property
    void validStringsOfEverySchemeAreValidForItsCodec(@ForAll("traceIds") TraceId traceId,
            @ForAll("lableIds") LableId lableId, @ForAll("gids") Gid gid, @ForAll("muids") Muid muid,
            @ForAll("snos") Sno sno) {
        assertThat(TraceIdCodec.isValid(traceId.toString())).isTrue();
        assertThat(LableCodec.isValid(lableId.toString())).isTrue();
        assertThat(GidCodec.isValid(gid.toString())).isTrue();
        assertThat(MuidCodec.isValid(muid.toString())).isTrue();
        assertThat(SnoCodec.isValid(sno.toString())).isTrue();
    }

    @Property
    void traceIdCodecRoundTripsTheBytes(@ForAll("traceIds") TraceId id) {
        assertThat(TraceIdCodec.encode(id.toBytes())).isEqualTo(id.toString());
        assertThat(TraceIdCodec.decode(id.toString())).isEqualTo(id.toBytes());
        assertThat(TraceIdCodec.decodeLong(id.toString())).isEqualTo(id.toLong());
    }

    @Property
    void lableCodecRoundTripsTheBytes(@ForAll("lableIds") LableId id) {
        assertThat(LableCodec.encode(id.toBytes())).isEqualTo(id.toString());
        assertThat(LableCodec.decode(id.toString())).isEqualTo(id.toBytes());
        assertThat(LableCodec.decodeLong(id.toString())).isEqualTo(id.toLong());
    }

    @Property
    void gidCodecRoundTripsTheBytes(@ForAll("gids") Gid id) {
        assertThat(GidCodec.encode(id.toBytes())).isEqualTo(id.toString());
        assertThat(GidCodec.decode(id.toString())).isEqualTo(id.toBytes());
    }

    @Property
    void snoCodecRoundTripsTheBytes(@ForAll("snos") Sno id) {
        assertThat(SnoCodec.encode(id.toBytes())).isEqualTo(id.toString());
        assertThat(SnoCodec.decode(id.toString())).isEqualTo(id.toBytes());
    }

    @Property
    void muidCodecRoundTripsTheBytes(@ForAll("muids") Muid id) {
        assertThat(MuidCodec.encode(id.toBytes())).isEqualTo(id.toString());
        assertThat(MuidCodec.decode(id.toString())).isEqualTo(id.toBytes());
        String shortForm = id.toString().substring(0, MuidCodec.LENGTH_WITHOUT_OFFSET);
        assertThat(MuidCodec.decode(shortForm)).isEqualTo(Muid.parse(shortForm).toBytes());
    }

    @Provide
    Arbitrary<TraceId> traceIds() {
        return Arbitraries.longs().between(1, Long.MAX_VALUE).filter(raw -> (raw & TraceId.MAX_COUNTER) != 0)
                .map(TraceId::fromLong);
    }

    @Provide
    Arbitrary<LableId> lableIds() {
        // Clears the reserved bits and the wide generator-id bits of byte 6, so that every value fits the layout.
        return Arbitraries.longs().map(bits -> LableId.fromLong(bits & ~0xEC00L));
    }

    @Provide
    Arbitrary<Gid> gids() {
        return Combinators.combine(Arbitraries.of(GidType.class),
                Arbitraries.longs().between(0, Gid.MAX_TIMESTAMP_MILLIS), Arbitraries.longs()).as(Gid::of);
    }

    @Provide
    Arbitrary<Muid> muids() {
        return Arbitraries.bytes().array(byte[].class).ofSize(Muid.BYTES).map(Muid::fromBytes);
    }

    @Provide
    Arbitrary<Sno> snos() {
        return Arbitraries.bytes().array(byte[].class).ofSize(Sno.BYTES).map(Sno::fromBytes);
    }

    @Provide
    Arbitrary<String> traceIdTexts() {
        // Raw values of any sign and counter, so that texts past 63 bits or with a zero counter come up.
        return texts(Arbitraries.longs().map(raw -> Long.toUnsignedString(raw)), TraceIdCodec.LENGTH);
    }

    @Provide
    Arbitrary<String> lableTexts() {
        // Any 64 bits, so that most values set a bit outside the layout.
        return texts(Arbitraries.longs().map(bits -> String.format("%016x", bits)), LableCodec.LENGTH);
    }

    @Provide
    Arbitrary<String> gidTexts() {
        // Valid GIDs, and any 128 bits written in the same form (mostly an unknown prefix or byte 7 without its
        // top bit).
        Arbitrary<String> anyBits = Combinators.combine(Arbitraries.longs(), Arbitraries.longs())
                .as(GidCodec::encode);
        return texts(Arbitraries.oneOf(gids().map(Gid::toString), anyBits), GidCodec.LENGTH);
    }

    @Provide
    Arbitrary<String> muidTexts() {
        Arbitrary<String> forms = muids().map(Muid::toString).flatMap(text -> Arbitraries.of(text,
                text.substring(0, MuidCodec.LENGTH_WITHOUT_OFFSET),
                text.substring(0, MuidCodec.LENGTH_TIMESTAMP_ONLY)));
        return texts(forms, MuidCodec.LENGTH);
    }

    @Provide
    Arbitrary<String> snoTexts() {
        return texts(snos().map(Sno::toString), SnoCodec.LENGTH);
    }

    /** Whether parsing succeeds; any exception but {@link InvalidIdException} fails the property. */
    private static boolean parses(Runnable parse) {
        try {
            parse.run();
            return true;
        } catch (InvalidIdException e) {
            return false;
        }
    }

    /** Valid-looking strings, each possibly changed in one place, and arbitrary strings of about the right length. */
    static Arbitrary<String> texts(Arbitrary<String> candidates, int length) {
        Arbitrary<Character> tricky = Arbitraries.of(TRICKY.toCharArray());
        Arbitrary<String> changed = Combinators.combine(candidates, Arbitraries.integers().between(0, length),
                tricky, Arbitraries.integers().between(0, 3)).as(CodecAgreementProperties::change);
        Arbitrary<String> arbitrary = Arbitraries.strings().withChars(TRICKY.toCharArray()).ofMaxLength(length + 1);
        return Arbitraries.frequencyOf(Tuple.of(2, candidates), Tuple.of(5, changed),
                Tuple.of(2, arbitrary), Tuple.of(1, Arbitraries.strings()));
    }

    /** Leaves the text (0), replaces (1), drops (2) or inserts (3) one character at an index. */
    private static String change(String text, int index, char c, int how) {
        int at = Math.min(index, text.length());
        return switch (how) {
            case 1 -> at < text.length() ? text.substring(0, at) + c + text.substring(at + 1) : text;
            case 2 -> at < text.length() ? text.substring(0, at) + text.substring(at + 1) : text;
            case 3 -> text.substring(0, at) + c + text.substring(at);
            default -> text;
        };
    }
}
