package dev.ids.autoconfigure.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ids.hibernate.GeneratedLableId;
import dev.ids.hibernate.GeneratedTraceId;
import jakarta.persistence.GeneratedValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * {@code Long}/{@code long} properties holding 64-bit IDs: which ones the module writes as JSON strings (generated
 * ones, {@link IdAsString} ones, on fields, getters and record components), that it reads them from strings and
 * numbers, and that every other {@code Long} stays a number.
 */
class LongIdJsonTests {

    /** Above 2^53: a JavaScript number cannot hold it. */
    private static final long ID = 4_690_704_345_732_218_881L;

    private static final String ID_STRING = '"' + Long.toString(ID) + '"';

    private final JsonMapper mapper = JsonMapper.builder().addModule(new IdsJacksonModule()).build();

    private final JsonMapper numbersMapper = JsonMapper.builder().addModule(new IdsJacksonModule(true, false)).build();

    @Test
    void writesGeneratedIdsOfAnEntityAsStrings() {
        JsonNode json = mapper.valueToTree(new Entity(ID, ID, ID));

        assertThat(json.get("id").isString()).isTrue();
        assertThat(json.get("id").stringValue()).isEqualTo(Long.toString(ID));
        assertThat(json.get("lableNo").stringValue()).isEqualTo(Long.toString(ID));
        assertThat(json.get("audit").stringValue()).isEqualTo(Long.toString(ID));
        assertThat(json.get("quantity").isNumber()).isTrue();
        assertThat(json.get("sizes").get(0).isNumber()).isTrue();
    }

    @Test
    void readsGeneratedIdsOfAnEntityFromStringsAndNumbers() {
        Entity fromStrings = mapper.readValue("{\"id\":" + ID_STRING + ",\"lableNo\":" + ID_STRING + "}",
                Entity.class);
        Entity fromNumbers = mapper.readValue("{\"id\":" + ID + ",\"lableNo\":" + ID + "}", Entity.class);

        assertThat(fromStrings.getId()).isEqualTo(ID);
        assertThat(fromStrings.getLableNo()).isEqualTo(ID);
        assertThat(fromNumbers.getId()).isEqualTo(ID);
        assertThat(fromNumbers.getLableNo()).isEqualTo(ID);
    }

    @Test
    void writesAndReadsRecordComponents() {
        Dto dto = new Dto(ID, -ID, 7L, List.of(ID, 2L), Map.of("a", ID), ID, 3L);

        String json = mapper.writeValueAsString(dto);

        JsonNode tree = mapper.readTree(json);
        assertThat(tree.get("traceNo").stringValue()).isEqualTo(Long.toString(ID));
        assertThat(tree.get("lable").stringValue()).isEqualTo(Long.toString(-ID));
        assertThat(tree.get("plain").isNumber()).isTrue();
        assertThat(tree.get("parents").get(0).stringValue()).isEqualTo(Long.toString(ID));
        assertThat(tree.get("byName").get("a").stringValue()).isEqualTo(Long.toString(ID));
        assertThat(tree.get("owner").stringValue()).isEqualTo(Long.toString(ID));
        assertThat(tree.get("explicit").isNumber()).isTrue();
        assertThat(mapper.readValue(json, Dto.class)).isEqualTo(dto);
    }

    @Test
    void marksAGetterAndACreatorParameter() {
        JsonNode json = mapper.valueToTree(new Marked(ID));

        assertThat(json.get("ref").stringValue()).isEqualTo(Long.toString(ID));
        assertThat(mapper.readValue("{\"ref\":" + ID_STRING + "}", Marked.class).getRef()).isEqualTo(ID);
    }

    @Test
    void leavesOtherLongsNumbers() {
        JsonNode json = mapper.valueToTree(new Unmarked(ID, List.of(ID), new long[] {ID}));

        assertThat(json.get("count").isNumber()).isTrue();
        assertThat(json.get("values").get(0).isNumber()).isTrue();
        assertThat(json.get("raw").get(0).isNumber()).isTrue();
    }

    @Test
    void writesGeneratedIdsAsNumbersWhenSwitchedOffButKeepsMarkedOnes() {
        JsonNode entity = numbersMapper.valueToTree(new Entity(ID, ID, ID));
        JsonNode marked = numbersMapper.valueToTree(new Marked(ID));

        assertThat(entity.get("id").isNumber()).isTrue();
        assertThat(entity.get("id").longValue()).isEqualTo(ID);
        assertThat(marked.get("ref").stringValue()).isEqualTo(Long.toString(ID));
        assertThat(numbersMapper.readValue("{\"id\":" + ID_STRING + "}", Entity.class).getId()).isEqualTo(ID);
    }

    @Test
    void refusesAStringThatIsNotA64BitInteger() {
        for (String bad : List.of("\"12a\"", "\"+12\"", "\" 12\"", "\"\"", "\"9223372036854775808\"", "true")) {
            assertThatExceptionOfType(DatabindException.class).as(bad)
                    .isThrownBy(() -> mapper.readValue("{\"id\":" + bad + "}", Entity.class));
        }
        assertThatExceptionOfType(JacksonException.class)
                .isThrownBy(() -> mapper.readValue("{\"id\":9223372036854775808}", Entity.class));
    }

    @Test
    void readsNullIntoAPrimitiveAsZero() {
        assertThat(mapper.readValue("{\"lableNo\":null}", Entity.class).getLableNo()).isZero();
        assertThat(mapper.readValue("{\"id\":null}", Entity.class).getId()).isNull();
    }

    /** Shaped like a JPA entity: annotated private fields, public getters, no setters. */
    static class Entity {

        @GeneratedTraceId
        private Long id;

        @GeneratedLableId
        private long lableNo;

        @GeneratedValue(generator = "trace-id:audit")
        private Long audit;

        private Long quantity = ID;

        private List<Long> sizes = List.of(ID);

        Entity() {
        }

        Entity(Long id, long lableNo, Long audit) {
            this.id = id;
            this.lableNo = lableNo;
            this.audit = audit;
        }

        public Long getId() {
            return id;
        }

        public long getLableNo() {
            return lableNo;
        }

        public Long getAudit() {
            return audit;
        }

        public Long getQuantity() {
            return quantity;
        }

        public List<Long> getSizes() {
            return sizes;
        }
    }

    record Dto(@GeneratedValue(generator = "trace-id") Long traceNo, @GeneratedValue(generator = "lable") long lable,
            @GeneratedValue(generator = "sno") Long plain, @IdAsString List<Long> parents,
            @IdAsString Map<String, Long> byName, @IdAsString Long owner,
            @IdAsString @JsonSerialize(using = NumberWriter.class) Long explicit) {
    }

    /** The application's own serializer, which must win over the module. */
    static class NumberWriter extends StdSerializer<Long> {

        NumberWriter() {
            super(Long.class);
        }

        @Override
        public void serialize(Long value, JsonGenerator generator, SerializationContext context) {
            generator.writeNumber(value);
        }
    }

    static class Marked {

        private final Long ref;

        @JsonCreator
        Marked(@IdAsString @JsonProperty("ref") Long ref) {
            this.ref = ref;
        }

        @IdAsString
        public Long getRef() {
            return ref;
        }
    }

    record Unmarked(Long count, List<Long> values, @IdAsString long[] raw) {
    }

}
