package dev.ids.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads the project's test vectors ({@code test-vectors/<scheme>.json} at the root of the checkout, which the build
 * puts on id-core's test class path, and so into its test jar). Missing vectors fail the test: they are the
 * contract.
 */
public final class Vectors {

    /** The vector files, one per scheme, without their {@code .json} extension. */
    public static final List<String> FILES = List.of("trace_id", "lable", "gid", "sno", "muid");

    /** Where the vector files lie on the class path. */
    static final String RESOURCE_FOLDER = "test-vectors/";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Vectors() {
    }

    /**
     * Reads one vector file.
     *
     * @param file the file name without extension, for example {@code "sno"} or {@code "trace_id"}
     * @return the parsed JSON document
     */
    public static JsonNode load(String file) {
        String resource = RESOURCE_FOLDER + file + ".json";
        try (InputStream in = Vectors.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Test vectors not found: " + resource + " is not on the test class "
                        + "path; the build copies it from test-vectors/ at the root of the checkout");
            }
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read test vectors " + resource, e);
        }
    }

    /**
     * Returns the entries of the {@code vectors} array of a file.
     *
     * @param file the file name without extension
     * @return the valid vectors
     */
    public static List<JsonNode> valid(String file) {
        return list(load(file).get("vectors"));
    }

    /**
     * Returns the entries of the {@code invalid} array of a file.
     *
     * @param file the file name without extension
     * @return the invalid vectors
     */
    public static List<JsonNode> invalid(String file) {
        return list(load(file).get("invalid"));
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> entries = new ArrayList<>();
        array.forEach(entries::add);
        return entries;
    }
}
