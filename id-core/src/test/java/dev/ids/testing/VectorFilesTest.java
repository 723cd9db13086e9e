package dev.ids.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.api.Test;

/** The vector files are the contract: a lost, emptied or unlisted file fails here, not as a vague test error. */
class VectorFilesTest {

    @ParameterizedTest
    @FieldSource("dev.ids.testing.Vectors#FILES")
    void everyVectorFileIsPresentWithValidAndInvalidEntriesAndItsSource(String file) {
        JsonNode document = Vectors.load(file);

        assertThat(document.path("source").isObject()).as("%s.json names its source", file).isTrue();
        assertThat(Vectors.valid(file)).as("valid vectors of %s.json", file).hasSizeGreaterThanOrEqualTo(5);
        assertThat(Vectors.invalid(file)).as("invalid vectors of %s.json", file).hasSizeGreaterThanOrEqualTo(5);
    }

    @Test
    void theFolderHoldsExactlyTheListedFiles() throws IOException, URISyntaxException {
        URL folder = Vectors.class.getClassLoader().getResource(Vectors.RESOURCE_FOLDER);
        assertThat(folder).as("test-vectors/ on the test class path").isNotNull();
        try (Stream<Path> files = Files.list(Path.of(folder.toURI()))) {
            assertThat(files.map(path -> path.getFileName().toString()).filter(name -> name.endsWith(".json"))
                    .collect(Collectors.toSet()))
                    .containsExactlyInAnyOrderElementsOf(
                            Vectors.FILES.stream().map(file -> file + ".json").collect(Collectors.toList()));
        }
    }
}
