package io.hearth.hot.params;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.hearth.hot.HeatExamples;
import io.hearth.hot.TemplateProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parameters of the real Heat example templates (openstack/heat-templates, found by {@link HeatExamples}:
 * {@code ../shared/examples/heat-templates} beside the repository, or where {@code hearth.examples} points)
 * parse without a problem.
 */
class ExampleTemplatesTests {

    private static final Path TEMPLATES = HeatExamples.DIR;

    private static final YAMLMapper YAML = new YAMLMapper();

    static Stream<Path> templates() throws IOException {
        HeatExamples.dir();
        try (Stream<Path> files = Files.walk(TEMPLATES)) {
            List<Path> yaml = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
            return yaml.stream();
        }
    }

    private static JsonNode read(Path file) throws IOException {
        return YAML.readTree(file.toFile());
    }

    @Test
    void theExamplesAreThere() throws IOException {
        assertThat(templates()).hasSizeGreaterThanOrEqualTo(14);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("templates")
    void parsesWithoutProblems(Path file) throws IOException {
        JsonNode template = read(file);
        assertThat(template.path("heat_template_version").asText()).isNotEmpty();

        ParameterSection section = ParameterParser.parse(template);

        assertThat(section.problems()).as(file.toString()).isEmpty();
        assertThat(section.parameters().keySet()).as(file.toString())
                .containsExactlyElementsOf(() -> template.path("parameters").fieldNames());
        assertThat(section.parameters().values()).allSatisfy(p -> {
            assertThat(p.type()).isNotNull();
            assertThat(p.defaultValid()).isTrue();
        });
        // Every custom constraint in these templates asks an OpenStack service: all reported as not checked.
        long customConstraints = section.parameters().values().stream().flatMap(p -> p.constraints().stream())
                .filter(c -> c instanceof ParameterConstraint.CustomConstraint).count();
        assertThat(section.warnings()).as(file.toString()).hasSize((int) customConstraints)
                .allSatisfy(w -> assertThat(w.message()).contains("is not checked"));
    }

    @Test
    void helloWorldResolves() throws IOException {
        Path file = HeatExamples.file("hot/hello_world.yaml");
        JsonNode template = read(file);

        ResolvedParameters resolved = ParameterResolver.resolve(template, null, Map.of(
                "key_name", TextNode.valueOf("heat_key"),
                "image", TextNode.valueOf("fedora-20.x86_64"),
                "admin_pass", TextNode.valueOf("Secret12")));

        assertThat(resolved.problems()).isEmpty();
        assertThat(resolved.values()).containsExactly(
                Map.entry("key_name", TextNode.valueOf("heat_key")),
                Map.entry("flavor", TextNode.valueOf("m1.small")),
                Map.entry("image", TextNode.valueOf("fedora-20.x86_64")),
                Map.entry("admin_pass", TextNode.valueOf("Secret12")),
                Map.entry("db_port", IntNode.valueOf(50000)));
        assertThat(resolved.displayValues()).containsEntry("admin_pass", "******").containsEntry("db_port", "50000");
        assertThat(resolved.warnings()).extracting(TemplateProblem::path).containsExactly(
                "parameters.key_name.constraints[0].custom_constraint",
                "parameters.flavor.constraints[0].custom_constraint",
                "parameters.image.constraints[0].custom_constraint");
    }

    @Test
    void helloWorldRefusesBadValuesWithTheTemplatesOwnDescriptions() throws IOException {
        Path file = HeatExamples.file("hot/hello_world.yaml");

        ResolvedParameters resolved = ParameterResolver.resolve(read(file), null, Map.of(
                "key_name", TextNode.valueOf("heat_key"),
                "image", TextNode.valueOf("fedora-20.x86_64"),
                "admin_pass", TextNode.valueOf("secret-password"),
                "db_port", TextNode.valueOf("3306")));

        assertThat(resolved.problems()).containsExactly(
                new TemplateProblem("parameters.admin_pass.constraints[0].length",
                        "Parameter 'admin_pass' is invalid: Password length must be between 6 and 8 characters"),
                new TemplateProblem("parameters.admin_pass.constraints[1].allowed_pattern",
                        "Parameter 'admin_pass' is invalid: Password must consist of characters and numbers only"),
                new TemplateProblem("parameters.admin_pass.constraints[2].allowed_pattern",
                        "Parameter 'admin_pass' is invalid: Password must start with an uppercase character"),
                new TemplateProblem("parameters.db_port.constraints[0].range",
                        "Parameter 'db_port' is invalid: Port number must be between 40000 and 60000"));
    }
}
