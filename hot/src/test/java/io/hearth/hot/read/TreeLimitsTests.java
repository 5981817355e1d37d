package io.hearth.hot.read;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hearth.hot.HeatExamples;
import io.hearth.hot.TemplateProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A template sent as a JSON object meets the same limits as the same template sent as text:
 * what the reader accepts, TreeLimits accepts, and one step past the reader's limit is refused.
 */
class TreeLimitsTests {

    private static final Path EXAMPLES = HeatExamples.DIR;

    private final TemplateReader reader = new TemplateReader();
    private final TreeLimits limits = TreeLimits.heatDefaults();

    private static String json(int brackets) {
        return "{\"a\": " + "[".repeat(brackets) + "1" + "]".repeat(brackets) + "}";
    }

    private static JsonNode tree(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void depthIsCountedAsTheReaderCountsIt() {
        assertThat(reader.readTemplate(json(498)).problems()).isEmpty();
        assertThat(limits.check(tree(json(498)))).isEmpty();

        assertThat(reader.readTemplate(json(499)).problems()).hasSize(1);
        assertThat(limits.check(tree(json(499)))).containsExactly(
                new TemplateProblem("a[0][0]", "Template is nested more than 500 levels deep"));
    }

    @Test
    void resourceCount() {
        StringBuilder json = new StringBuilder("{\"resources\": {");
        for (int i = 0; i < 1000; i++) {
            json.append(i == 0 ? "" : ", ").append("\"r").append(i).append("\": {\"type\": \"OS::Heat::None\"}");
        }
        assertThat(limits.check(tree(json + "}}"))).isEmpty();
        assertThat(limits.check(tree(json + ", \"r1000\": {}}}"))).containsExactly(new TemplateProblem("resources",
                "Request limit exceeded: Maximum resources per stack exceeded. The template defines 1001 resources; "
                        + "at most 1000 are allowed"));
        assertThat(new TreeLimits(ReaderOptions.heatDefaults().withMaxResources(-1))
                .check(tree(json + ", \"r1000\": {}}}"))).isEmpty();
    }

    @Test
    void sizeCountsKeysAndStrings() {
        // 11 bytes of key, the rest in one string: exactly at the limit
        String atLimit = "{\"description\": \"" + "é".repeat((524_288 - 11) / 2) + "x\"}";
        assertThat(limits.check(tree(atLimit))).isEmpty();
        assertThat(limits.check(tree(atLimit.replace("x\"", "xy\"")))).containsExactly(new TemplateProblem("",
                "Request limit exceeded: Template size (at least 524289 bytes) exceeds maximum allowed size "
                        + "(524288 bytes)."));
    }

    @Test
    void everyExampleTheReaderAcceptsIsWithinTheLimits() throws IOException {
        List<Path> templates;
        try (Stream<Path> files = Files.walk(HeatExamples.dir())) {
            templates = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(templates).hasSizeGreaterThanOrEqualTo(14);
        for (Path file : templates) {
            ReadResult read = reader.readTemplate(Files.readAllBytes(file));
            assertThat(read.problems()).as("%s", file).isEmpty();
            assertThat(limits.check(read.document())).as("%s", file).isEmpty();
        }
    }
}
