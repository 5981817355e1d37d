package io.hearth.hot.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.HeatExamples;
import io.hearth.hot.TemplateException;
import io.hearth.hot.TemplateParser;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.read.ReadResult;
import io.hearth.hot.read.TemplateReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every template of openstack/heat-templates' examples (the shared examples directory, or where
 * the system property {@code hearth.examples} points; the build sets it) goes through the whole
 * pipeline a stack create uses (read, validate, plan) with an environment mapping the OpenStack
 * types Hearth does not have to {@code OS::Heat::None}, and its plan has exactly the dependencies
 * written down below, found by reading each template by hand: {@code depends_on}, and every
 * {@code get_resource} and {@code get_attr} in a resource's properties and metadata (a
 * {@code get_input} is not a dependency; references in outputs are not either).
 *
 * <p>All fourteen {@code .yaml} files are HOT stack templates; none is an environment or a
 * nested template. Two of them name nested templates that the examples directory does not
 * hold ({@code lb_server.yaml} in {@code hot/autoscaling.yaml}, {@code random.yaml} in
 * {@code hot/resource_group/resource_group_index_lookup.yaml}); they are named only inside an
 * AutoScalingGroup's {@code resource} or a ResourceGroup's {@code resource_def} property.
 * An AutoScalingGroup's member type is resolved when the group creates its members, so planning
 * the outer stack does not need {@code lb_server.yaml}; a ResourceGroup with members is validated
 * with its first member as Heat's {@code validate_nested_stack} does, so the test gives
 * {@code random.yaml} as a stub taking the member's properties ({@link #MISSING_NESTED}).
 */
class ExamplePlansTests {

    private static final Path EXAMPLES = HeatExamples.DIR;

    private static final JsonNode ENVIRONMENT = HeatExamples.ENVIRONMENT;

    /** Nested templates an example names that the examples directory lacks, as stubs with their parameters. */
    private static final Map<String, Map<String, String>> MISSING_NESTED = Map.of(
            "hot/resource_group/resource_group_index_lookup.yaml", Map.of("random.yaml", """
                    heat_template_version: 2015-04-30
                    parameters:
                      index: {type: number}
                      lengths: {type: comma_delimited_list}
                    resources: {}
                    """));

    /** The parameters each template needs (those without a default), with plausible values. */
    private static final Map<String, Map<String, String>> PARAMETERS = Map.ofEntries(
            Map.entry("hot/asg_of_servers.yaml", Map.of("key_name", "heat_key", "image", "fedora-20.x86_64")),
            Map.entry("hot/autoscaling.yaml", Map.of("image", "fedora-20.x86_64", "key", "heat_key",
                    "flavor", "m1.small", "database_flavor", "m1.medium", "network", "private",
                    "subnet_id", "private-subnet", "external_network_id", "public")),
            Map.entry("hot/hello_world.yaml", Map.of("key_name", "heat_key", "image", "fedora-20.x86_64",
                    "admin_pass", "Secret12")),
            Map.entry("hot/resource_group/resource_group.yaml", Map.of()),
            Map.entry("hot/resource_group/resource_group_index_lookup.yaml", Map.of()),
            Map.entry("software-config/example-ansible-template.yaml", Map.of()),
            Map.entry("software-config/example-deploy-sequence.yaml", Map.of()),
            Map.entry("software-config/example-puppet-template.yaml", Map.of("key_name", "heat_key",
                    "flavor", "m1.small")),
            Map.entry("software-config/example-script-template.yaml", Map.of("key_name", "heat_key",
                    "flavor", "m1.small")),
            Map.entry("software-config/example-software-deploymentgroup-template.yaml", Map.of(
                    "key_name", "heat_key", "flavor", "m1.small", "ubuntu_image", "ubuntu-22.04",
                    "fedora_image", "fedora-20.x86_64", "network", "private")),
            Map.entry("software-config/example-structured-template.yaml", Map.of("key_name", "heat_key",
                    "flavor", "m1.small")),
            Map.entry("software-config/example-sw-component-template.yaml", Map.of("image", "fedora-20.x86_64",
                    "flavor", "m1.small", "key_name", "heat_key")),
            Map.entry("software-config/wordpress/WordPress_software-config_1-instance.yaml",
                    Map.of("flavor", "m1.small")),
            Map.entry("software-config/wordpress/WordPress_software-config_2-instances.yaml",
                    Map.of("flavor", "m1.small")));

    /** The three software-config examples that differ only in the config's group and file. */
    private static final Map<String, List<String>> SOFTWARE_CONFIG_EXAMPLE = deps(
            "the_sg", "",
            "config", "",
            "deployment", "config server",
            "other_deployment", "config server",
            "server", "the_sg");

    /** Resource → the resources it depends on, in template order, read off each template by hand. */
    private static final Map<String, Map<String, List<String>>> EXPECTED = Map.ofEntries(
            Map.entry("hot/asg_of_servers.yaml", deps(
                    "asg", "",
                    "scale_up_policy", "asg",
                    "scale_down_policy", "asg")),
            Map.entry("hot/autoscaling.yaml", deps(
                    "database_password", "",
                    "database_root_password", "",
                    // str_replace params: get_attr database_root_password, database_password
                    "db", "database_root_password database_password",
                    // the group's resource: pool_id get_resource pool, user_data get_attr database_password, db
                    "asg", "pool database_password db",
                    "web_server_scaleup_policy", "asg",
                    "web_server_scaledown_policy", "asg",
                    "cpu_alarm_high", "web_server_scaleup_policy",
                    "cpu_alarm_low", "web_server_scaledown_policy",
                    "lb", "",
                    "listener", "lb",
                    "pool", "listener",
                    "lb_monitor", "pool",
                    "lb_floating", "lb")),
            Map.entry("hot/hello_world.yaml", deps(
                    "server", "")),
            Map.entry("hot/resource_group/resource_group.yaml", deps(
                    "random_group", "")),
            Map.entry("hot/resource_group/resource_group_index_lookup.yaml", deps(
                    "random_group", "")),
            Map.entry("software-config/example-ansible-template.yaml", SOFTWARE_CONFIG_EXAMPLE),
            Map.entry("software-config/example-deploy-sequence.yaml", deps(
                    "config", "",
                    "deployment_a", "config server_a",
                    // input_values.previous: get_attr deployment_a (the implicit dependency)
                    "deployment_b", "deployment_a config server_b",
                    // depends_on: deployment_b (the explicit one)
                    "deployment_c", "deployment_b config server_a",
                    "server_a", "",
                    "server_b", "")),
            Map.entry("software-config/example-puppet-template.yaml", SOFTWARE_CONFIG_EXAMPLE),
            Map.entry("software-config/example-script-template.yaml", SOFTWARE_CONFIG_EXAMPLE),
            Map.entry("software-config/example-software-deploymentgroup-template.yaml", deps(
                    "my_deps", "config server_ubuntu server_fedora",
                    "config", "",
                    "server_fedora", "",
                    "server_ubuntu", "")),
            Map.entry("software-config/example-structured-template.yaml", deps(
                    "the_sg", "",
                    // get_input is the config's own placeholder, not a reference
                    "config", "",
                    "deployment", "config server",
                    "other_deployment", "config server",
                    "server", "the_sg")),
            Map.entry("software-config/example-sw-component-template.yaml", deps(
                    "sw_component", "",
                    "sw_deployment", "sw_component server",
                    "server", "")),
            Map.entry("software-config/wordpress/WordPress_software-config_1-instance.yaml", deps(
                    "wordpress_config", "",
                    "db_config", "",
                    "db_root_password", "",
                    "db_password", "",
                    "wordpress_deployment", "db_deployment wordpress_config wordpress_instance db_password",
                    "db_deployment", "db_config wordpress_instance db_root_password db_password",
                    "wordpress_instance", "")),
            Map.entry("software-config/wordpress/WordPress_software-config_2-instances.yaml", deps(
                    "wordpress_config", "",
                    "db_config", "",
                    "db_root_password", "",
                    "db_password", "",
                    "wordpress_deployment",
                    "db_deployment wordpress_config webserver_instance db_password dbserver_instance",
                    "db_deployment", "db_config dbserver_instance db_root_password db_password",
                    "webserver_instance", "",
                    "dbserver_instance", "")));

    private final TemplateReader reader = new TemplateReader();
    private final TemplateParser parser = new TemplateParser();
    private final StackPlanner planner = new StackPlanner();

    static Stream<String> examples() throws IOException {
        HeatExamples.dir();
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            return files.filter(p -> p.toString().endsWith(".yaml"))
                    .map(p -> EXAMPLES.relativize(p).toString().replace('\\', '/')).sorted().toList().stream();
        }
    }

    @Test
    void everyExampleHasAnExpectation() throws IOException {
        HeatExamples.dir();
        assertThat(examples().toList()).hasSize(14).containsExactlyInAnyOrderElementsOf(EXPECTED.keySet());
        assertThat(PARAMETERS.keySet()).containsExactlyInAnyOrderElementsOf(EXPECTED.keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void plansWithTheDependenciesTheTemplateStates(String example) throws IOException {
        assertThat(EXPECTED).as("no expectation written down for %s", example).containsKey(example);
        StackPlan plan = plan(example);

        Map<String, List<String>> actual = new LinkedHashMap<>();
        plan.resources().forEach(r -> actual.put(r.name(), r.dependsOn()));
        Map<String, List<String>> expected = EXPECTED.get(example);
        assertThat(actual.keySet()).as("resources of %s", example)
                .containsExactlyInAnyOrderElementsOf(expected.keySet());
        for (Map.Entry<String, List<String>> resource : expected.entrySet()) {
            assertThat(actual.get(resource.getKey())).as("dependencies of %s in %s", resource.getKey(), example)
                    .containsExactlyInAnyOrderElementsOf(resource.getValue());
        }

        List<String> order = plan.resources().stream().map(PlannedResource::name).toList();
        for (PlannedResource resource : plan.resources()) {
            for (String dependency : resource.dependsOn()) {
                assertThat(order.indexOf(dependency)).as("%s comes before %s in %s", dependency, resource.name(),
                        example).isLessThan(order.indexOf(resource.name()));
            }
        }
    }

    @Test
    void theDeploySequenceRunsInTheOrderItsCommentPromises() throws IOException {
        List<String> order = plan("software-config/example-deploy-sequence.yaml").resources().stream()
                .map(PlannedResource::name).toList();
        assertThat(order).containsSubsequence("deployment_a", "deployment_b", "deployment_c");
        assertThat(order).containsSubsequence("server_a", "deployment_a");
        assertThat(order).containsSubsequence("server_b", "deployment_b");
    }

    @Test
    void filesAreReadFromBesideTheTemplateAndEvaluatedIntoThePlan() throws IOException {
        StackPlan plan = plan("software-config/wordpress/WordPress_software-config_1-instance.yaml");
        PlannedResource config = plan.resources().stream().filter(r -> r.name().equals("db_config"))
                .findFirst().orElseThrow();
        assertThat(config.properties().get("config").asText()).isEqualTo(Files.readString(
                EXAMPLES.resolve("software-config/wordpress/db_install.sh")));
    }

    /** The table the lead asked for: template → resources, dependency edges. */
    @Test
    void summary() throws IOException {
        Map<String, String> table = new TreeMap<>();
        for (String example : examples().toList()) {
            StackPlan plan = plan(example);
            int edges = plan.resources().stream().mapToInt(r -> r.dependsOn().size()).sum();
            table.put(example, plan.resources().size() + " resources, " + edges + " dependencies");
        }
        table.forEach((example, counts) -> System.out.println("example plan: " + example + " | " + counts));
        assertThat(table).hasSize(14);
    }

    /** Reads, validates and plans one example as a stack create does; fails on any problem. */
    private StackPlan plan(String example) throws IOException {
        Path file = HeatExamples.file(example);
        ReadResult read = reader.readTemplate(Files.readAllBytes(file));
        assertThat(read.problems()).as("read problems of %s", example).isEmpty();
        JsonNode template = parser.validate(read.document());
        Map<String, JsonNode> parameters = new LinkedHashMap<>();
        PARAMETERS.get(example).forEach((name, value) -> parameters.put(name, TextNode.valueOf(value)));
        Map<String, String> files = files(file, template);
        files.putAll(MISSING_NESTED.getOrDefault(example, Map.of()));
        try {
            return planner.plan(template, ENVIRONMENT, parameters, files,
                    new StackIdentity("example", "6b3c1a43-5f1e-4a0c-9a57-3c1f0b0e2d11", "demo"), null, true);
        } catch (TemplateException e) {
            throw new AssertionError(example + " does not plan:\n" + e.getMessage(), e);
        }
    }

    /** Every get_file in the template, read from beside it (as heatclient does). */
    private static Map<String, String> files(Path template, JsonNode document) {
        Set<String> names = new TreeSet<>();
        collectGetFiles(document, names);
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : names) {
            Path file = template.getParent().resolve(name);
            assertTrue(Files.isRegularFile(file), template + " reads " + name + ", which is not beside it");
            try {
                files.put(name, Files.readString(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    private static void collectGetFiles(JsonNode node, Set<String> into) {
        if (node.isObject() && node.size() == 1 && node.has("get_file") && node.get("get_file").isTextual()) {
            into.add(node.get("get_file").asText());
        }
        node.elements().forEachRemaining(child -> collectGetFiles(child, into));
    }

    private static Map<String, List<String>> deps(String... pairs) {
        Map<String, List<String>> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            List<String> targets = new ArrayList<>();
            for (String target : pairs[i + 1].split(" ")) {
                if (!target.isEmpty()) {
                    targets.add(target);
                }
            }
            map.put(pairs[i], List.copyOf(targets));
        }
        return map;
    }
}
