package io.hearth.hot.read;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.HeatExamples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Heat's own example templates (openstack/heat-templates, found by {@link HeatExamples}: {@code
 * ../shared/examples/heat-templates} beside the repository, or where {@code hearth.examples} says) read
 * without problems, and every key and value is located where the text has it.
 */
class ExampleTemplatesTests {

    private static final Path EXAMPLES = HeatExamples.DIR;

    private final TemplateReader reader = new TemplateReader();

    @Test
    void everyExampleReadsWithoutProblemsAndLocatesEveryKeyAndValue() throws IOException {
        List<Path> templates = templates();
        assertThat(templates).hasSizeGreaterThanOrEqualTo(14);

        for (Path file : templates) {
            byte[] bytes = Files.readAllBytes(file);
            ReadResult result = reader.readTemplate(bytes);
            assertThat(result.problems()).as("problems in %s", file).isEmpty();
            assertThat(result.warnings()).as("warnings in %s", file).isEmpty();
            JsonNode version = result.document().get("heat_template_version");
            assertThat(version.isTextual()).as("version of %s", file).isTrue();
            assertThat(version.textValue()).matches("\\d{4}-\\d{2}-\\d{2}");

            List<String> lines = Files.readAllLines(file);
            int checked = checkLocations(file, lines, result.sourceMap(), result.document(), "");
            assertThat(checked).as("values located in %s", file).isGreaterThan(10);

            // the same file from text or from a files entry gives the same answer
            ReadResult asFile = reader.readFile(file.getFileName().toString(), Files.readString(file));
            assertThat(asFile.document()).isEqualTo(result.document());
            assertThat(asFile.sourceMap().locate("resources").orElseThrow().document())
                    .isEqualTo(file.getFileName().toString());
        }
    }

    @Test
    void chosenPathsInHelloWorld() throws IOException {
        ReadResult result = read("hot/hello_world.yaml");
        SourceMap map = result.sourceMap();

        assertThat(result.document().get("heat_template_version").textValue()).isEqualTo("2013-05-23");
        assertThat(at(map.locate("heat_template_version"))).isEqualTo("5:24");
        assertThat(at(map.locateKey("parameters.db_port"))).isEqualTo("39:3");
        assertThat(at(map.locate("parameters.db_port.default"))).isEqualTo("42:14");
        assertThat(result.document().at("/parameters/db_port/default").intValue()).isEqualTo(50000);
        assertThat(at(map.locate("parameters.db_port.constraints[0]"))).isEqualTo("44:9");
        assertThat(at(map.locateKey("parameters.db_port.constraints[0].range.max"))).isEqualTo("44:30");
        assertThat(at(map.locate("parameters.db_port.constraints[0].range.max"))).isEqualTo("44:35");
        assertThat(at(map.locate("parameters.admin_pass.hidden"))).isEqualTo("31:13");
        assertThat(result.document().at("/parameters/admin_pass/hidden").booleanValue()).isTrue();
        assertThat(at(map.locateKey("resources.server.properties.user_data.str_replace.template")))
                .isEqualTo("57:11");
        assertThat(at(map.locate("resources.server.properties.user_data.str_replace.template")))
                .isEqualTo("57:21");
        assertThat(at(map.locate("resources.server.properties.user_data.str_replace.params.db_port.get_param")))
                .isEqualTo("61:35");
    }

    @Test
    void chosenPathsInAutoscaling() throws IOException {
        ReadResult result = read("hot/autoscaling.yaml");
        SourceMap map = result.sourceMap();
        String metadata = "resources.asg.properties.resource.properties.metadata";

        assertThat(result.document().at("/resources/asg/properties/resource/properties/metadata")
                .has("metering.server_group")).isTrue();
        assertThat(at(map.locateKey(SourcePath.key(metadata, "metering.server_group")))).isEqualTo("80:22");
        assertThat(at(map.locate(SourcePath.key(metadata, "metering.server_group")))).isEqualTo("80:47");
        assertThat(at(map.locate(metadata + ".metering.server_group"))).isEqualTo("80:47");

        String query = "resources.cpu_alarm_high.properties.query.list_join";
        assertThat(at(map.locate(query + "[0]"))).isEqualTo("135:13");
        assertThat(at(map.locate(query + "[1]"))).isEqualTo("136:13");
        assertThat(at(map.locateKey(query + "[1][0][\"=\"]"))).isEqualTo("136:16");
        assertThat(at(map.locate(query + "[1][0][\"=\"].server_group.get_param"))).isEqualTo("136:48");
    }

    @Test
    void chosenPathsInSoftwareConfigExamples() throws IOException {
        ReadResult group = read("software-config/example-software-deploymentgroup-template.yaml");
        assertThat(at(group.sourceMap().locateKey("resources.my_deps.properties.servers.1"))).isEqualTo("32:17");
        assertThat(at(group.sourceMap().locate("resources.my_deps.properties.servers.1"))).isEqualTo("32:22");
        assertThat(at(group.sourceMap().locate("resources.server_fedora.properties.networks[0].network")))
                .isEqualTo("54:28");

        ReadResult component = read("software-config/example-sw-component-template.yaml");
        SourceMap map = component.sourceMap();
        assertThat(at(map.locate("resources.sw_component.properties.configs[1]"))).isEqualTo("45:11");
        assertThat(at(map.locateKey("resources.sw_component.properties.configs[0].config"))).isEqualTo("39:11");
        assertThat(component.document().at("/resources/sw_component/properties/configs/0/config").textValue())
                .startsWith("#!/bin/bash\nmsg=\"CREATE invoked at");
    }

    /**
     * Checks that each key's location starts with the key as written, and each string or
     * number value's location with the value (or the quote or block indicator before it).
     *
     * @return how many keys and values were checked
     */
    private static int checkLocations(Path file, List<String> lines, SourceMap map, JsonNode node, String path) {
        int checked = 0;
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                String child = SourcePath.key(path, field.getKey());
                String atKey = textAt(lines, map.locateKey(child));
                assertThat(atKey).as("key %s in %s", child, file)
                        .satisfiesAnyOf(s -> assertThat(s).startsWith(field.getKey()),
                                s -> assertThat(s).startsWith("'" + field.getKey()),
                                s -> assertThat(s).startsWith("\"" + field.getKey()));
                checked += 1 + checkLocations(file, lines, map, field.getValue(), child);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String child = SourcePath.index(path, i);
                assertThat(map.locate(child)).as("item %s in %s", child, file).isPresent();
                checked += 1 + checkLocations(file, lines, map, node.get(i), child);
            }
        } else if (node.isTextual() && !node.textValue().isEmpty()) {
            String atValue = textAt(lines, map.locate(path));
            String start = node.textValue().split("[\\s]", 2)[0];
            assertThat(atValue).as("value %s in %s", path, file)
                    .satisfiesAnyOf(s -> assertThat(s).startsWith(start),
                            s -> assertThat(s.charAt(0)).isIn('\'', '"', '|', '>'));
            checked++;
        } else if (node.isNumber()) {
            assertThat(textAt(lines, map.locate(path))).as("value %s in %s", path, file).startsWith(node.asText());
            checked++;
        }
        return checked;
    }

    private static String textAt(List<String> lines, Optional<SourceLocation> location) {
        assertThat(location).isPresent();
        String line = lines.get(location.get().line() - 1);
        int offset = line.offsetByCodePoints(0, location.get().column() - 1);
        return line.substring(offset);
    }

    private ReadResult read(String name) throws IOException {
        Path file = HeatExamples.file(name);
        ReadResult result = reader.readTemplate(Files.readString(file));
        assertThat(result.problems()).isEmpty();
        return result;
    }

    private static List<Path> templates() throws IOException {
        HeatExamples.dir();
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml")
                            || p.toString().endsWith(".json") || p.toString().endsWith(".template"))
                    .sorted()
                    .toList();
        }
    }

    private static String at(Optional<SourceLocation> location) {
        assertThat(location).as("a location").isPresent();
        return location.get().line() + ":" + location.get().column();
    }
}
