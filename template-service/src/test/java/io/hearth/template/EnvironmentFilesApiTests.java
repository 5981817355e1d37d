package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static org.hamcrest.Matchers.equalTo;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code environment_files} merged in order with {@code parameter_merge_strategies}, as Heat's
 * {@code merge_environments} merges them, seen in the stack's parameters (stack preview plans as create does).
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class EnvironmentFilesApiTests {

    private static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            parameters:
              name: {type: string, default: x}
              tags: {type: comma_delimited_list, default: []}
              settings: {type: json, default: {}}
              size: {type: number, default: 1}
              flag: {type: boolean, default: false}
            resources:
              thing: {type: My::Thing}
            """;

    private static final String FIRST = """
            parameter_merge_strategies:
              name: merge
              tags: merge
              settings: deep_merge
            parameters:
              name: web
              tags: [a]
              settings: {db: {host: h1, port: 1}}
              size: 2
            resource_registry:
              My::Thing: OS::Heat::RandomString
            """;

    private static final String SECOND = """
            parameters:
              name: "-1"
              tags: [b, c]
              settings: {db: {port: 2}, cache: true}
              size: 3
            """;

    @Test
    void filesMergeInOrderByEachParametersStrategyAndTheirRegistryApplies() {
        Map<String, Object> body = Map.of("stack_name", StackFixtures.name(), "template", TEMPLATE,
                "files", Map.of("first.yaml", FIRST, "second.yaml", SECOND),
                "environment_files", List.of("first.yaml", "second.yaml"),
                "environment", Map.of("parameters", Map.of("name", "ignored")));
        api().body(body).post("/v1/demo/stacks/preview").then().statusCode(200)
                .body("stack.parameters.name", equalTo("web-1"))
                .body("stack.parameters.tags", equalTo("a,b,c"))
                .body("stack.parameters.settings", equalTo("{\"db\": {\"host\": \"h1\", \"port\": 2}, \"cache\": true}"))
                .body("stack.parameters.size", equalTo("3"))
                .body("stack.resources[0].resource_type", equalTo("My::Thing"));
    }

    @Test
    void heatsRefusalsOfAMergeKeepItsStatusTypeAndWords() {
        String conflicting = "parameter_merge_strategies: {name: overwrite}\nparameters: {name: b}\n";
        api().body(Map.of("stack_name", StackFixtures.name(), "template", TEMPLATE,
                        "files", Map.of("first.yaml", FIRST, "second.yaml", SECOND, "third.yaml", conflicting),
                        "environment_files", List.of("first.yaml", "second.yaml", "third.yaml")))
                .post("/v1/demo/stacks/preview").then().statusCode(500)
                .body("error.type", equalTo("ConflictingMergeStrategyForParam"))
                .body("error.message", equalTo(
                        "Conflicting merge strategy 'overwrite' for parameter 'name' in file 'third.yaml'."));
        api().body(Map.of("stack_name", StackFixtures.name(), "template", TEMPLATE,
                        "files", Map.of("first.yaml", "parameter_merge_strategies: {flag: merge}\nparameters: {flag: true}",
                                "second.yaml", "parameters: {flag: 'false'}", "third.yaml", "parameters: {size: 4}"),
                        "environment_files", List.of("first.yaml", "second.yaml")))
                .post("/v1/demo/stacks/preview").then().statusCode(500)
                .body("error.type", equalTo("InvalidMergeStrategyForParam"))
                .body("error.message", equalTo("Invalid merge strategy 'merge' for parameter 'flag'."));
        api().body(Map.of("stack_name", StackFixtures.name(), "template", TEMPLATE,
                        "files", Map.of("first.yaml", "parameter_merge_strategies: {size: merge}\nparameters: {size: 1}",
                                "second.yaml", "parameters: {size: 4}"),
                        "environment_files", List.of("first.yaml", "second.yaml")))
                .post("/v1/demo/stacks/preview").then().statusCode(400)
                .body("error.type", equalTo("ValueError"))
                .body("error.message", equalTo("Invalid parameter in environment ."));
        api().body(Map.of("stack_name", StackFixtures.name(), "template", TEMPLATE,
                        "environment_files", List.of("missing.yaml")))
                .post("/v1/demo/stacks/preview").then().statusCode(400)
                .body("error.message", equalTo("environment_files: missing.yaml is not in the files"));
    }
}
