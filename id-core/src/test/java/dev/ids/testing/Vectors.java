package dev.ids.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads the shared test vectors ({@code ../shared/vectors/<scheme>.json} beside the checkout). The build passes
 * their directory's parent as the system property {@code ids.shared.dir}; without it, the directories above the
 * working directory are searched. Missing vectors fail the test: they are the contract.
 */
public final class Vectors {

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
        Path path = directory().resolve(file + ".json");
        try {
            return MAPPER.readTree(path.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read test vectors " + path, e);
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

    static Path directory() {
        String configured = System.getProperty("ids.shared.dir");
        if (configured != null && Files.isDirectory(Paths.get(configured, "vectors"))) {
            return Paths.get(configured, "vectors");
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolveSibling("shared").resolve("vectors");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("Test vectors not found: expected ../shared/vectors beside the checkout "
                + "(or set -Dids.shared.dir); looked from " + Paths.get("").toAbsolutePath()
                + " and ids.shared.dir=" + configured);
    }
}
