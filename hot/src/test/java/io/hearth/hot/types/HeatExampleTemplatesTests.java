package io.hearth.hot.types;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.HeatExamples;
import io.hearth.hot.TemplateProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every resource of every template of openstack/heat-templates' examples (in the shared examples
 * directory) validates without a problem once the environment stubs out the OpenStack services
 * Hearth does not have; so does every get_attr in them.
 */
class HeatExampleTemplatesTests {

    private static final Path EXAMPLES = HeatExamples.DIR;

    private static final JsonNode ENVIRONMENT = HeatExamples.ENVIRONMENT;

    @Test
    void everyExampleResourceIsValid() throws IOException {
        List<Path> templates;
        try (Stream<Path> files = Files.walk(HeatExamples.dir())) {
            templates = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        ResourceValidator validator = new ResourceValidator(ResourceRegistry.fromEnvironment(ENVIRONMENT), Set.of());
        assertThat(validator.registry().problems()).isEmpty();

        List<String> problems = new ArrayList<>();
        int resourceCount = 0;
        int getAttrCount = 0;
        int templateCount = 0;
        for (Path file : templates) {
            JsonNode template = Yaml.MAPPER.readTree(file.toFile());
            JsonNode resources = template == null ? null : template.get("resources");
            if (resources == null || !resources.isObject()) {
                continue;
            }
            templateCount++;
            String where = EXAMPLES.relativize(file).toString();
            for (Iterator<Map.Entry<String, JsonNode>> it = resources.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> resource = it.next();
                resourceCount++;
                for (TemplateProblem p : validator.validate(resource.getKey(), resource.getValue())) {
                    problems.add(where + ": " + p);
                }
            }
            List<Map.Entry<String, JsonNode>> getAttrs = new ArrayList<>();
            collectGetAttrs("resources", resources, getAttrs);
            collectGetAttrs("outputs", template.get("outputs"), getAttrs);
            for (Map.Entry<String, JsonNode> ref : getAttrs) {
                getAttrCount++;
                validator.checkGetAttr(ref.getKey(), ref.getValue(), resources)
                        .ifPresent(p -> problems.add(where + ": " + p));
            }
        }
        assertThat(problems).isEmpty();
        assertThat(templateCount).isGreaterThanOrEqualTo(13);
        assertThat(resourceCount).isGreaterThanOrEqualTo(60);
        assertThat(getAttrCount).isGreaterThanOrEqualTo(40);
    }

    @Test
    void withoutTheEnvironmentTheOpenStackTypesAreReported() throws IOException {
        Path template = HeatExamples.file("software-config/example-script-template.yaml");
        JsonNode sg = Yaml.MAPPER.readTree(template.toFile()).at("/resources/the_sg");
        assertThat(ResourceValidator.standard().validate("the_sg", sg)).containsExactly(new TemplateProblem(
                "resources.the_sg.type", "HEAT-E99001 Service neutron is not available for resource type "
                        + "OS::Neutron::SecurityGroup, reason: neutron network endpoint is not in service catalog.",
                "ResourceTypeUnavailable"));
    }

    private static void collectGetAttrs(String path, JsonNode node, List<Map.Entry<String, JsonNode>> out) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            if (node.size() == 1 && node.has("get_attr")) {
                out.add(Map.entry(path, node.get("get_attr")));
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                collectGetAttrs(path + "." + e.getKey(), e.getValue(), out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collectGetAttrs(path + "[" + i + "]", node.get(i), out);
            }
        }
    }
}
