package dev.ids.sqlfunctions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ids.gid.Gid;
import dev.ids.internal.Hex;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.testing.TestDatabase;
import dev.ids.testing.Vectors;
import dev.ids.traceid.TraceId;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every reference vector decodes in SQL to the fields Java decodes, and every invalid one is refused with an error that
 * names it; run on PostgreSQL and MariaDB by the subclasses.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SqlVectorsContract {

    /** Resolves TraceIds' wrapped seconds, as the Java side does with the same reference. */
    private static final Instant REFERENCE = Instant.parse("2026-06-01T12:00:00Z");

    private SqlFunctionsDatabase database;
    private SqlQueries sql;

    abstract TestDatabase database();

    @BeforeAll
    void openNamespace() throws SQLException {
        database = SqlFunctionsDatabase.open(database());
        sql = new SqlQueries(database);
    }

    @AfterAll
    void dropNamespace() throws SQLException {
        database.close();
    }

    @Test
    void traceIdVectorsDecodeAsInJava() throws SQLException {
        for (JsonNode vector : Vectors.valid("trace_id")) {
            TraceId id = TraceId.parse(vector.get("u64_decimal").asText());
            Instant reference = vector.has("unix_secs") && vector.get("unix_secs").asLong() < 1L << 33
                    ? Instant.ofEpochSecond(vector.get("unix_secs").asLong()) : REFERENCE;
            sql.one("SELECT ids_traceid_seconds(?), ids_traceid_node(?), ids_traceid_chunk(?), ids_traceid_counter(?), "
                    + "ids_traceid_time(?, ?), ids_traceid_to_text(?), ids_traceid_from_text(?), "
                    + "ids_traceid_from_text(?)", row -> {
                        assertThat(row.getLong(1)).as(vector.toString()).isEqualTo(id.timestampSeconds());
                        assertThat(row.getInt(2)).isEqualTo(id.nodeNo()).isEqualTo(vector.at("/components/node_no").asInt());
                        assertThat(row.getInt(3)).isEqualTo(id.chunkNo());
                        assertThat(row.getInt(4)).isEqualTo(id.counter());
                        assertThat(database.instant(row, 5)).isEqualTo(id.timestamp(reference));
                        assertThat(row.getString(6)).isEqualTo(String.format("%019d", id.toLong()));
                        assertThat(row.getLong(7)).isEqualTo(id.toLong());
                        assertThat(row.getLong(8)).isEqualTo(id.toLong());
                        return null;
                    }, id.toLong(), id.toLong(), id.toLong(), id.toLong(), id.toLong(), database.instant(reference),
                    id.toLong(), id.toString(), String.format("%019d", id.toLong()));
            if (vector.has("unix_secs") && reference != REFERENCE) {
                assertThat(id.timestamp(reference)).isEqualTo(reference);
            }
        }
    }

    @Test
    void lableVectorsDecodeAsInJava() throws SQLException {
        for (JsonNode vector : Vectors.valid("lable")) {
            LableId id = LableId.parse(vector.get("hex").asText());
            sql.one("SELECT ids_lable_time(?), ids_lable_sequence(?), ids_lable_generator(?), ids_lable_cluster(?), "
                    + "ids_lable_mode(?), ids_lable_to_text(?), ids_lable_from_text(?)", row -> {
                        assertThat(database.instant(row, 1)).as(vector.toString()).isEqualTo(id.timestamp())
                                .isEqualTo(Instant.ofEpochMilli(vector.at("/components/timestamp_ms").asLong()));
                        assertThat(row.getInt(2)).isEqualTo(id.sequence());
                        assertThat(row.getInt(3)).isEqualTo(id.generatorId());
                        assertThat(row.getInt(4)).isEqualTo(id.clusterId());
                        assertThat(row.getString(5)).isEqualTo(id.mode().name());
                        assertThat(row.getString(6)).isEqualTo(id.toString());
                        assertThat(row.getLong(7)).isEqualTo(id.toLong());
                        return null;
                    }, id.toLong(), id.toLong(), id.toLong(), id.toLong(), id.toLong(), id.toLong(), id.toString());
        }
    }

    @Test
    void gidVectorsDecodeAsInJava() throws SQLException {
        for (JsonNode vector : Vectors.valid("gid")) {
            Gid id = Gid.parse(vector.get("string").asText());
            Object column = database.column(id);
            sql.one("SELECT ids_gid_time(?), ids_gid_type(?), ids_gid_random(?), ids_gid_to_text(?), "
                    + "ids_gid_from_text(?)", row -> {
                        assertThat(database.instant(row, 1)).as(vector.toString()).isEqualTo(id.timestamp());
                        assertThat(row.getString(2)).isEqualTo(id.type().displayName());
                        assertThat(row.getString(3)).isEqualTo(Hex.of(id.randomBytes()))
                                .isEqualTo(vector.at("/components/random_hex").asText());
                        assertThat(row.getString(4)).isEqualTo(id.toString());
                        assertThat(database.bytes16(row, 5)).isEqualTo(id.toBytes());
                        return null;
                    }, column, column, column, column, id.toString());
        }
    }

    @Test
    void snoVectorsDecodeAsInJava() throws SQLException {
        for (JsonNode vector : Vectors.valid("sno")) {
            Sno id = Sno.parse(vector.get("string").asText());
            assertThat(Hex.of(id.toBytes())).isEqualTo(vector.get("hex").asText());
            byte[] column = id.toBytes();
            sql.one("SELECT ids_sno_time(?), ids_sno_tick_tock(?), ids_sno_metabyte(?), ids_sno_partition(?), "
                    + "ids_sno_sequence(?), ids_sno_to_text(?), ids_sno_from_text(?)", row -> {
                        assertThat(database.instant(row, 1)).as(vector.toString()).isEqualTo(id.timestamp());
                        assertThat(row.getInt(2)).isEqualTo(id.tickTock()).isEqualTo(vector.at("/components/tick").asInt());
                        assertThat(row.getInt(3)).isEqualTo(id.metabyte()).isEqualTo(vector.at("/components/meta").asInt());
                        assertThat(row.getInt(4)).isEqualTo(id.partition());
                        assertThat(row.getInt(5)).isEqualTo(id.sequence());
                        assertThat(row.getString(6)).isEqualTo(id.toString());
                        assertThat(row.getBytes(7)).isEqualTo(column);
                        return null;
                    }, column, column, column, column, column, column, id.toString());
        }
    }

    @Test
    void muidVectorsDecodeAsInJava() throws SQLException {
        for (JsonNode vector : Vectors.valid("muid")) {
            String text = vector.has("parse_input") ? vector.get("parse_input").asText() : vector.get("string").asText();
            Muid id = Muid.parse(text);
            Object column = database.column(id);
            sql.one("SELECT ids_muid_time(?), ids_muid_medallion(?), ids_muid_offset(?), ids_muid_to_text(?), "
                    + "ids_muid_from_text(?)", row -> {
                        assertThat(database.instant(row, 1)).as(vector.toString()).isEqualTo(id.timestamp());
                        assertThat(row.getLong(2)).isEqualTo(id.medallion())
                                .isEqualTo(vector.at("/components/medallion").asLong());
                        assertThat(row.getInt(3)).isEqualTo(id.offset()).isEqualTo(vector.at("/components/offset").asInt());
                        assertThat(row.getString(4)).isEqualTo(id.toString()).isEqualTo(vector.get("string").asText());
                        assertThat(database.bytes16(row, 5)).isEqualTo(id.toBytes());
                        return null;
                    }, column, column, column, column, text);
        }
    }

    @Test
    void invalidTextVectorsAreRefusedNamingTheInput() {
        rejectTexts("trace_id", "input_string", "ids_traceid_from_text", text -> !TraceId.isValid(text));
        rejectTexts("sno", "input", "ids_sno_from_text", text -> !Sno.isValid(text));
        rejectTexts("gid", "input", "ids_gid_from_text", text -> !Gid.isValid(text));
        rejectTexts("muid", "input", "ids_muid_from_text", text -> !Muid.isValid(text));
    }

    @Test
    void layoutsOfOtherLableVersionsDecodeWhereJavaAcceptsThem() throws SQLException {
        for (JsonNode vector : Vectors.invalid("lable")) {
            String hex = vector.path("input_hex").asText("");
            if (LableId.isValid(hex)) {
                LableId id = LableId.parse(hex);
                String decoded = sql.one("SELECT ids_lable_mode(?), ids_lable_time(?)",
                        row -> row.getString(1) + " " + database.instant(row, 2), id.toLong(), id.toLong());
                assertThat(decoded).isEqualTo(id.mode().name() + " " + id.timestamp());
            }
        }
    }

    @Test
    void invalidBinaryVectorsAreRefusedNamingTheBytes() {
        for (JsonNode vector : Vectors.invalid("lable")) {
            if (vector.hasNonNull("input_hex") && !LableId.isValid(vector.get("input_hex").asText())) {
                String hex = vector.get("input_hex").asText();
                sql.assertRejects("ids_lable_from_text", hex, hex.length() == 16 ? "22023" : "22P02", hex);
            }
        }
        for (JsonNode vector : Vectors.invalid("gid")) {
            if (vector.hasNonNull("input_hex")) {
                String hex = vector.get("input_hex").asText();
                sql.assertRejects("ids_gid_type", HexFormat.of().parseHex(hex), "22023", hex);
            }
        }
        for (JsonNode vector : Vectors.invalid("muid")) {
            if (vector.hasNonNull("input_hex")) {
                String hex = vector.get("input_hex").asText();
                sql.assertRejects("ids_muid_offset", HexFormat.of().parseHex(hex), "22023", hex);
            }
        }
        sql.assertRejects("ids_traceid_node", 0L, "22023", "TraceId 0");
        sql.assertRejects("ids_traceid_node", -1L, "22023", "TraceId -1");
        sql.assertRejects("ids_traceid_counter", 274877906944L, "22023", "274877906944");
        sql.assertRejects("ids_sno_time", HexFormat.of().parseHex("4e6f2160a0ff9a0a10"), "22023", "4e6f2160a0ff9a0a10");
    }

    @Test
    void wrongDashesAndCharactersAreRefused() {
        sql.assertRejects("ids_muid_from_text", "5D5EAC793E61F_1BFC71B112D-0000000B", "22P02", "5D5EAC793E61F_1BFC71B112D");
        sql.assertRejects("ids_muid_from_text", "5D5EAC793E61F-1BFC71B112D-", "22P02", "5D5EAC793E61F-1BFC71B112D-");
        sql.assertRejects("ids_gid_from_text", "74gfrC8X75_4Fwt5S13qxVrN", "22P02", "74gfrC8X75_4Fwt5S13qxVrN");
        sql.assertRejects("ids_gid_from_text", "74gfrC8X75-4Fwt5S13qxVr0", "22P02", "'0' at index 23");
        sql.assertRejects("ids_sno_from_text", "brpk4q72xwf2m63L", "22P02", "'L' at index 15");
        sql.assertRejects("ids_lable_from_text", "CC2096F3F1BF03FF", "22P02", "CC2096F3F1BF03FF");
        sql.assertRejects("ids_traceid_from_text", "06123839962065403905", "22P02", "06123839962065403905");
        sql.assertRejects("ids_traceid_from_text", "0123", "22P02", "0123");
    }

    private void rejectTexts(String file, String field, String function, java.util.function.Predicate<String> invalid) {
        int refused = 0;
        for (JsonNode vector : Vectors.invalid(file)) {
            if (vector.hasNonNull(field)) {
                String text = vector.get(field).asText();
                if (invalid.test(text)) {
                    sql.assertRejects(function, text, "22P02", text.length() > 40 ? text.substring(0, 40) : text);
                    refused++;
                }
            }
        }
        assertThat(refused).as("invalid %s texts", file).isPositive();
    }
}
