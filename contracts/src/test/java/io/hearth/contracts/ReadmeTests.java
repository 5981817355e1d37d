package io.hearth.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.compute.v1.DriverHeartbeat;
import io.hearth.contracts.envelope.EventCatalog;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Keeps the module's README true to the code: its example, its events table, its topics table. */
class ReadmeTests {

    static String readme;

    @BeforeAll
    static void read() throws IOException {
        readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
    }

    @Test
    void envelopeExampleIsTheGoldenFileItLinks() throws IOException {
        Matcher link = Pattern.compile("\\(src/test/resources/events/([^)]+\\.json)\\)").matcher(readme);
        assertThat(link.find()).as("a link to a golden file").isTrue();
        Matcher example = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertThat(example.find()).as("a json example").isTrue();

        JsonNode shown = HearthJson.mapper().readTree(example.group(1));
        JsonNode golden = HearthJson.mapper().readTree(GoldenEventsTests.GOLDEN_DIR.resolve(link.group(1)).toFile());

        assertThat(shown).isEqualTo(golden);
    }

    @Test
    void everyCataloguedEventHasItsRow() {
        for (EventCatalog.Entry entry : EventCatalog.entries()) {
            String record = entry.record().getName().substring("io.hearth.contracts.".length());
            String key = entry.record() == DriverHeartbeat.class ? "driver id" : key(entry.topic());
            assertThat(readme).contains("| `%s` | `%s` | `%s` | %s |".formatted(entry.type(), record, entry.topic(), key));
        }
    }

    @Test
    void everyTopicHasItsRow() {
        for (String topic : Topics.MAIN) {
            Topics.TopicSpec spec = Topics.all().stream().filter(t -> t.name().equals(topic)).findFirst().orElseThrow();
            String key = key(topic);
            assertThat(readme).contains("| `%s` | %s | %d | %s | `%s` |".formatted(topic, key, spec.partitions(),
                    spec.cleanupPolicy(), Topics.dlq(topic)));
        }
    }

    private static String key(String topic) {
        return Topics.SERVER_DEPLOYMENTS.equals(topic) ? "server id/deployment id"
                : GoldenEventsTests.KEYED_BY_SERVER.contains(topic) ? "server id" : "stack id";
    }
}
