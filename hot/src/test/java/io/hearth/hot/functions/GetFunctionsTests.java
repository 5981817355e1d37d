package io.hearth.hot.functions;

import static io.hearth.hot.functions.Hot.context;
import static io.hearth.hot.functions.Hot.eval;
import static io.hearth.hot.functions.Hot.failure;
import static io.hearth.hot.functions.Hot.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GetFunctionsTests {

    private final EvaluationContext params = context("2018-08-31")
            .parameter("flavor", json("\"m1.small\""))
            .parameter("count", json("3"))
            .parameter("config", json("""
                    {"db": {"hosts": ["10.0.0.1", "10.0.0.2"], "port": 5432}, "empty": null}"""))
            .parameter("names", json("[\"a\", \"b\", \"c\"]"))
            .stack(new StackIdentity("prod", "5d3b7a3c-1111-4c4c-8888-000000000001", "tenant-1"))
            .build();

    // ---------------------------------------------------------------- get_param

    @Test
    void getParamReturnsTheTypedValue() {
        assertThat(eval(params, "{\"get_param\": \"flavor\"}")).isEqualTo(json("\"m1.small\""));
        assertThat(eval(params, "{\"get_param\": \"count\"}")).isEqualTo(json("3"));
        assertThat(eval(params, "{\"get_param\": [\"config\"]}"))
                .isEqualTo(json("{\"db\": {\"hosts\": [\"10.0.0.1\", \"10.0.0.2\"], \"port\": 5432}, \"empty\": null}"));
    }

    @Test
    void getParamFollowsAPathOfKeysAndIndexes() {
        assertThat(eval(params, "{\"get_param\": [\"config\", \"db\", \"hosts\", 1]}")).isEqualTo(json("\"10.0.0.2\""));
        assertThat(eval(params, "{\"get_param\": [\"config\", \"db\", \"port\"]}")).isEqualTo(json("5432"));
        // a string index into a list is read as an integer; negative indexes count from the end, as in Python
        assertThat(eval(params, "{\"get_param\": [\"names\", \"2\"]}")).isEqualTo(json("\"c\""));
        assertThat(eval(params, "{\"get_param\": [\"names\", -1]}")).isEqualTo(json("\"c\""));
        // Python indexes a string by character
        assertThat(eval(params, "{\"get_param\": [\"flavor\", 1]}")).isEqualTo(json("\"1\""));
        assertThat(eval(params, "{\"get_param\": [\"config\", \"empty\"]}")).isEqualTo(json("null"));
    }

    @Test
    void aPathThatLeadsNowhereGivesAnEmptyStringAsInHeat() {
        for (String path : List.of("[\"config\", \"nope\"]", "[\"names\", 7]", "[\"names\", \"x\"]",
                "[\"count\", 0]", "[\"config\", 0]", "[\"names\", 1.0]", "[\"config\", \"db\", \"port\", \"x\"]")) {
            assertThat(eval(params, "{\"get_param\": " + path + "}")).as(path).isEqualTo(json("\"\""));
        }
    }

    @Test
    void pseudoParametersComeFromTheStackIdentity() {
        assertThat(eval(params, "{\"get_param\": \"OS::stack_name\"}")).isEqualTo(json("\"prod\""));
        assertThat(eval(params, "{\"get_param\": \"OS::stack_id\"}"))
                .isEqualTo(json("\"5d3b7a3c-1111-4c4c-8888-000000000001\""));
        assertThat(eval(params, "{\"get_param\": \"OS::project_id\"}")).isEqualTo(json("\"tenant-1\""));
    }

    @Test
    void aMissingParameterIsHeatsUserParameterMissing() {
        ExpressionException e = failure(() -> eval(params, "{\"get_param\": \"image\"}",
                "resources", "server", "properties", "image"));
        assertThat(e.path()).isEqualTo("resources.server.properties.image.get_param");
        assertThat(e.heatMessage()).isEqualTo("The Parameter (image) was not provided.");
        assertThat(e).hasMessage("resources.server.properties.image.get_param: The Parameter (image) was not provided.");

        EvaluationContext noStack = context("2018-08-31").build();
        assertThat(failure(() -> eval(noStack, "{\"get_param\": \"OS::stack_id\"}")).heatMessage())
                .isEqualTo("The Parameter (OS::stack_id) was not provided.");
    }

    @Test
    void getParamArgumentErrors() {
        assertThat(failure(() -> eval(params, "{\"get_param\": \"\"}")).heatMessage())
                .isEqualTo("Function \"get_param\" must have arguments");
        assertThat(failure(() -> eval(params, "{\"get_param\": []}")).heatMessage())
                .isEqualTo("Function \"get_param\" must have arguments");
        assertThat(failure(() -> eval(params, "{\"get_param\": {\"a\": \"b\"}}")).heatMessage())
                .isEqualTo("Argument to \"get_param\" must be string or list");
        assertThat(failure(() -> eval(params, "{\"get_param\": 5}")).heatMessage())
                .isEqualTo("Argument to \"get_param\" must be string or list");
        assertThat(failure(() -> eval(params, "{\"get_param\": [5]}")).heatMessage())
                .isEqualTo("Parameter name in \"get_param\" must be string");
    }

    @Test
    void getParamArgumentsMayThemselvesBeFunctions() {
        EvaluationContext ctx = context("2018-08-31").parameter("which", json("\"flavor\""))
                .parameter("flavor", json("\"m1.large\"")).build();
        assertThat(eval(ctx, "{\"get_param\": {\"get_param\": \"which\"}}")).isEqualTo(json("\"m1.large\""));
    }

    @Test
    void theResultIsACopyOfTheParameter() {
        com.fasterxml.jackson.databind.JsonNode result = eval(params, "{\"get_param\": \"config\"}");
        ((com.fasterxml.jackson.databind.node.ObjectNode) result).put("db", "changed");
        assertThat(params.parameters().get("config").get("db").isObject()).isTrue();
    }

    // ---------------------------------------------------------------- get_file

    @Test
    void getFileReturnsTheFileContentUnevaluated() {
        EvaluationContext ctx = context("2013-05-23")
                .file("file:///tmp/foo.yaml", "{get_file: file:///tmp/bar.yaml}")
                .file("file:///tmp/bar.yaml", "bar content").build();
        assertThat(eval(ctx, "{\"get_file\": \"file:///tmp/foo.yaml\"}"))
                .isEqualTo(json("\"{get_file: file:///tmp/bar.yaml}\""));
    }

    @Test
    void getFileErrors() {
        EvaluationContext ctx = context("2013-05-23").file("file:///tmp/bar.yaml", "bar contents").build();
        ExpressionException missing = failure(() -> eval(ctx, "{\"get_file\": \"file:///tmp/foo.yaml\"}",
                "resources", "config", "properties", "config"));
        assertThat(missing).hasMessage("resources.config.properties.config.get_file: "
                + "No content found in the \"files\" section for get_file path: file:///tmp/foo.yaml");
        assertThat(failure(() -> eval(ctx, "{\"get_file\": [\"file:///tmp/foo.yaml\"]}")).heatMessage())
                .isEqualTo("Argument to \"get_file\" must be a string");
    }

    // ---------------------------------------------------------------- get_resource

    @Test
    void getResourceStaysAnExpressionUntilTheResourceHasAnId() {
        EvaluationContext plan = context("2018-08-31").build();
        assertThat(eval(plan, "{\"get_resource\": \"server\"}")).isEqualTo(json("{\"get_resource\": \"server\"}"));

        EvaluationContext run = plan.withResolver(new Hot.Resources().id("server", "9f0c-uuid"));
        assertThat(eval(run, "{\"get_resource\": \"server\"}")).isEqualTo(json("\"9f0c-uuid\""));
        assertThat(eval(run, "{\"get_resource\": \"other\"}")).isEqualTo(json("{\"get_resource\": \"other\"}"));
    }

    @Test
    void referencesToUnknownResourcesAreRefusedWhenTheNamesAreKnown() {
        EvaluationContext ctx = context("2018-08-31").resourceNames(Set.of("server")).build();
        assertThat(eval(ctx, "{\"get_resource\": \"server\"}")).isEqualTo(json("{\"get_resource\": \"server\"}"));
        ExpressionException e = failure(() -> eval(ctx, "{\"get_resource\": \"db\"}",
                "resources", "deployment", "properties", "server"));
        assertThat(e.path()).isEqualTo("resources.deployment.properties.server.get_resource");
        assertThat(e.heatMessage()).isEqualTo("The specified reference \"db\" (in deployment.Properties) is incorrect.");
        assertThat(failure(() -> eval(ctx, "{\"get_attr\": [\"db\", \"first_address\"]}",
                "outputs", "ip", "value")).heatMessage())
                .isEqualTo("The specified reference \"db\" (in outputs.ip.value) is incorrect.");
    }

    // ---------------------------------------------------------------- get_attr

    @Test
    void getAttrStaysAnExpressionWithItsArgumentsEvaluated() {
        EvaluationContext plan = context("2018-08-31").parameter("key", json("\"public\"")).build();
        assertThat(eval(plan, "{\"get_attr\": [\"server\", \"addresses\", {\"get_param\": \"key\"}, 0, \"addr\"]}"))
                .isEqualTo(json("{\"get_attr\": [\"server\", \"addresses\", \"public\", 0, \"addr\"]}"));
    }

    @Test
    void getAttrResolvesWithTheAttributeAndAppliesThePath() {
        EvaluationContext run = context("2018-08-31").resolver(new Hot.Resources()
                .attribute("server", "addresses", "{\"public\": [{\"addr\": \"192.0.2.5\"}]}")
                .attribute("server", "name", "\"web-0\"")
                .attribute("server", "unset", "null")).build();
        assertThat(eval(run, "{\"get_attr\": [\"server\", \"name\"]}")).isEqualTo(json("\"web-0\""));
        assertThat(eval(run, "{\"get_attr\": [\"server\", \"addresses\", \"public\", 0, \"addr\"]}"))
                .isEqualTo(json("\"192.0.2.5\""));
        assertThat(eval(run, "{\"get_attr\": [\"server\", \"unset\"]}")).isEqualTo(json("null"));
        // select_from_attribute: a path that leads nowhere is None; no string-to-int conversion here
        assertThat(eval(run, "{\"get_attr\": [\"server\", \"addresses\", \"private\"]}")).isEqualTo(json("null"));
        assertThat(eval(run, "{\"get_attr\": [\"server\", \"addresses\", \"public\", \"0\"]}")).isEqualTo(json("null"));
        // all attributes at once, from 2015-10-15
        assertThat(eval(run, "{\"get_attr\": [\"server\"]}").get("name")).isEqualTo(json("\"web-0\""));
    }

    @Test
    void attributePathSelectsAsHeat() {
        assertThat(AttributePath.select(json("{\"a\": [1, 2, 3]}"), List.of(json("\"a\""), json("-1"))))
                .isEqualTo(json("3"));
        assertThat(AttributePath.select(json("{\"a\": \"xyz\"}"), List.of(json("\"a\""), json("0"))))
                .isEqualTo(json("\"x\""));
        assertThat(AttributePath.select(json("[1]"), List.of(json("true")))).isEqualTo(json("null"));
        assertThat(AttributePath.select(json("[1, 2]"), List.of(json("true")))).isEqualTo(json("2"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2014-10-16|\"server\"|Argument to \"get_attr\" must be a list",
        "2014-10-16|[\"server\"]|Arguments to \"get_attr\" must be of the form [resource_name, attribute, (path), ...]",
        "2015-10-15|[]|Arguments to \"get_attr\" can be of the next forms: [resource_name] or [resource_name, attribute, (path), ...]",
        "2015-10-15|\"server\"|Argument to \"get_attr\" must be a list",
        "2015-10-15|{\"a\": 1, \"b\": 2}|Argument to \"get_attr\" must be a list",
        "2015-10-15|{\"get_param\": \"x\"}|Argument to \"get_attr\" must be a list",
        "2018-08-31|[\"server\", 5]|The Referenced Attribute (server 5) is incorrect.",
    })
    void getAttrArgumentErrors(String version, String args, String message) {
        ExpressionException e = failure(version, "{\"get_attr\": " + args + "}");
        assertThat(e.heatMessage()).isEqualTo(message);
        assertThat(e.path()).isEqualTo("get_attr");
    }
}
