package io.hearth.hot.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where {@link SourceMap} says each value starts, in YAML (block and flow) and JSON. */
class TemplateReaderLocationTests {

    private final TemplateReader reader = new TemplateReader();

    private static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            parameters:
              port:
                type: number
                constraints:
                  - range: {min: 1, max: 65535}
                    description: a port
                  - allowed_values: [80, 443]
            resources:
              db_deployment:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config:
                    get_resource: db_config
                  input_values: {a: 1, b: [x, {c: 2}]}
                  server: server
            """;

    @Test
    void locatesBlockMappingKeysAndValues() {
        ReadResult result = read(TEMPLATE);
        SourceMap map = result.sourceMap();

        assertThat(map.document()).isEqualTo("template");
        assertThat(at(map.locate(""))).isEqualTo("1:1");
        assertThat(at(map.locate("heat_template_version"))).isEqualTo("1:24");
        assertThat(at(map.locateKey("heat_template_version"))).isEqualTo("1:1");
        assertThat(at(map.locate("parameters"))).isEqualTo("3:3");
        assertThat(at(map.locateKey("parameters.port"))).isEqualTo("3:3");
        assertThat(at(map.locate("parameters.port.type"))).isEqualTo("4:11");
        // the value of config: starts on the next line; its key is on this one
        assertThat(at(map.locate("resources.db_deployment.properties.config"))).isEqualTo("14:9");
        assertThat(at(map.locateKey("resources.db_deployment.properties.config"))).isEqualTo("13:7");
        assertThat(at(map.locate("resources.db_deployment.properties.config.get_resource"))).isEqualTo("14:23");
        assertThat(at(map.locate("resources.db_deployment.properties.server"))).isEqualTo("16:15");
    }

    @Test
    void locatesListItems() {
        SourceMap map = read(TEMPLATE).sourceMap();

        assertThat(at(map.locate("parameters.port.constraints"))).isEqualTo("6:7");
        assertThat(at(map.locate("parameters.port.constraints[0]"))).isEqualTo("6:9");
        assertThat(at(map.locate("parameters.port.constraints[0].description"))).isEqualTo("7:22");
        assertThat(at(map.locate("parameters.port.constraints[1]"))).isEqualTo("8:9");
        assertThat(at(map.locate("parameters.port.constraints[1].allowed_values[1]"))).isEqualTo("8:30");
        // a list item's "key" is the item itself
        assertThat(at(map.locateKey("parameters.port.constraints[1]"))).isEqualTo("8:9");
        // .1 is accepted for [1]
        assertThat(at(map.locate("parameters.port.constraints.1"))).isEqualTo("8:9");
        assertThat(map.locate("parameters.port.constraints[2]")).isEmpty();
    }

    @Test
    void locatesInsideFlowCollections() {
        SourceMap map = read(TEMPLATE).sourceMap();

        assertThat(at(map.locate("parameters.port.constraints[0].range"))).isEqualTo("6:16");
        assertThat(at(map.locate("parameters.port.constraints[0].range.min"))).isEqualTo("6:22");
        assertThat(at(map.locateKey("parameters.port.constraints[0].range.max"))).isEqualTo("6:25");
        assertThat(at(map.locate("parameters.port.constraints[0].range.max"))).isEqualTo("6:30");
        String inputs = "resources.db_deployment.properties.input_values";
        assertThat(at(map.locate(inputs))).isEqualTo("15:21");
        assertThat(at(map.locate(inputs + ".a"))).isEqualTo("15:25");
        assertThat(at(map.locate(inputs + ".b"))).isEqualTo("15:31");
        assertThat(at(map.locate(inputs + ".b[0]"))).isEqualTo("15:32");
        assertThat(at(map.locate(inputs + ".b[1].c"))).isEqualTo("15:39");
    }

    @Test
    void locatesInJson() {
        String json = """
                {
                  "heat_template_version": "2018-08-31",
                  "resources": {
                    "server": {"type": "OS::Nova::Server",
                               "properties": {"networks": [{"port": "p1"}, {"port": "p2"}]}}
                  }
                }
                """;
        ReadResult result = read(json);
        SourceMap map = result.sourceMap();

        assertThat(result.document().get("heat_template_version").textValue()).isEqualTo("2018-08-31");
        assertThat(at(map.locate(""))).isEqualTo("1:1");
        assertThat(at(map.locateKey("heat_template_version"))).isEqualTo("2:3");
        assertThat(at(map.locate("heat_template_version"))).isEqualTo("2:28");
        assertThat(at(map.locate("resources.server"))).isEqualTo("4:15");
        assertThat(at(map.locate("resources.server.type"))).isEqualTo("4:24");
        assertThat(at(map.locate("resources.server.properties.networks"))).isEqualTo("5:43");
        assertThat(at(map.locate("resources.server.properties.networks[1]"))).isEqualTo("5:60");
        assertThat(at(map.locate("resources.server.properties.networks[1].port"))).isEqualTo("5:69");
    }

    @Test
    void countsColumnsInCharactersNotBytesOrUtf16Units() {
        String yaml = "a: \"é😀\"\nb: [😀, x]\n";
        SourceMap map = read("heat_template_version: 2018-08-31\n" + yaml).sourceMap();
        assertThat(at(map.locate("b[1]"))).isEqualTo("3:8");

        String json = "{\"a\": [\"😀😀\", \"x\"], \"b\": \"é\"}";
        SourceMap jsonMap = read(json).sourceMap();
        assertThat(at(jsonMap.locate("a[1]"))).isEqualTo("1:14");
        assertThat(at(jsonMap.locateKey("b"))).isEqualTo("1:20");
        assertThat(at(jsonMap.locate("b"))).isEqualTo("1:25");
    }

    @Test
    void keysWithDotsOrBracketsAreQuotedInPathsAndStillFoundUnquoted() {
        String yaml = """
                resources:
                  server:
                    properties:
                      metadata: {"metering.server_group": x, "a[0]": y, plain: z}
                """;
        SourceMap map = read(yaml).sourceMap();
        String metadata = "resources.server.properties.metadata";

        assertThat(SourcePath.key(metadata, "metering.server_group"))
                .isEqualTo(metadata + "[\"metering.server_group\"]");
        assertThat(SourcePath.key(metadata, "plain")).isEqualTo(metadata + ".plain");
        assertThat(SourcePath.index(metadata, 2)).isEqualTo(metadata + "[2]");
        assertThat(at(map.locate(SourcePath.key(metadata, "metering.server_group")))).isEqualTo("4:43");
        assertThat(at(map.locate(metadata + ".metering.server_group"))).isEqualTo("4:43");
        assertThat(at(map.locateKey(metadata + ".metering.server_group"))).isEqualTo("4:18");
        assertThat(at(map.locate(SourcePath.key(metadata, "a[0]")))).isEqualTo("4:54");
        assertThat(at(map.locate(metadata + ".a[0]"))).isEqualTo("4:54");
        assertThat(map.locate(metadata + ".metering")).isEmpty();
    }

    @Test
    void problemPathsUseTheSameForm() {
        ReadResult result = reader.readTemplate(
                "resources:\n  s:\n    properties:\n      {\"a.b\": [1, !!binary aGk=]}\n");
        assertThat(result.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("resources.s.properties[\"a.b\"][1]");
            assertThat(problem.location()).isEqualTo(new SourceLocation("template", 4, 19));
        });
    }

    @Test
    void nearestLocationFallsBackToTheDeepestExistingValue() {
        SourceMap map = read(TEMPLATE).sourceMap();

        // no such property: the reader points at the resource's key
        assertThat(at(map.locateNearest("resources.db_deployment.properties.missing"))).isEqualTo("12:5");
        assertThat(at(map.locateNearest("resources.db_deployment.properties.server"))).isEqualTo("16:15");
        assertThat(at(map.locateNearest("nothing.at.all"))).isEqualTo("1:1");
        assertThat(map.locate("resources.db_deployment.properties.missing")).isEmpty();
    }

    @Test
    void emptyValuesAreLocatedWhereTheyAreMissing() {
        SourceMap map = read("resources:\n  a:\n  b: {}\n").sourceMap();
        assertThat(at(map.locateKey("resources.a"))).isEqualTo("2:3");
        assertThat(at(map.locate("resources.a"))).isEqualTo("2:5");
    }

    @Test
    void aliasesAndMergesAreLocatedWhereTheyAreDefined() {
        String yaml = """
                parameters:
                  base: &base
                    type: string
                    default: x
                  other:
                    <<: *base
                    default: y
                  copy: *base
                """;
        ReadResult result = read(yaml);
        SourceMap map = result.sourceMap();

        assertThat(result.document().get("parameters").get("other").toString())
                .isEqualTo("{\"type\":\"string\",\"default\":\"y\"}");
        assertThat(at(map.locate("parameters.other.type"))).isEqualTo("3:11");
        assertThat(at(map.locate("parameters.other.default"))).isEqualTo("7:14");
        assertThat(at(map.locate("parameters.copy.default"))).isEqualTo("4:14");
    }

    @Test
    void environmentsAndFilesAreNamedInTheirLocations() {
        ReadResult environment = reader.readEnvironment("parameters:\n  flavor: m1.small\n");
        assertThat(environment.ok()).isTrue();
        assertThat(environment.sourceMap().locate("parameters.flavor"))
                .contains(new SourceLocation("environment", 2, 11));

        ReadResult file = reader.readFile("lb_server.yaml", "heat_template_version: 2016-10-14\nresources: {}\n");
        assertThat(file.ok()).isTrue();
        assertThat(file.sourceMap().locate("resources")).contains(new SourceLocation("lb_server.yaml", 2, 12));
        assertThat(file.sourceMap().locate("resources").orElseThrow().toString())
                .isEqualTo("lb_server.yaml, line 2, column 12");
    }

    @Test
    void anUnreadableDocumentLocatesNothing() {
        ReadResult result = reader.readTemplate("a: [");
        assertThat(result.document()).isNull();
        assertThat(result.sourceMap().isEmpty()).isTrue();
        assertThat(result.sourceMap().locate("a")).isEmpty();
        assertThat(result.sourceMap().locateNearest("a")).isEmpty();
    }

    private ReadResult read(String text) {
        ReadResult result = reader.readTemplate(text);
        assertThat(result.problems()).as("problems reading %s", text).isEmpty();
        return result;
    }

    private static String at(Optional<SourceLocation> location) {
        assertThat(location).as("a location").isPresent();
        return location.get().line() + ":" + location.get().column();
    }
}
