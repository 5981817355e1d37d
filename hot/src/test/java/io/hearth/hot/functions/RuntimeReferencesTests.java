package io.hearth.hot.functions;

import static io.hearth.hot.functions.Hot.context;
import static io.hearth.hot.functions.Hot.eval;
import static io.hearth.hot.functions.Hot.failure;
import static io.hearth.hot.functions.Hot.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * The contract between template-service and deployment-service: calls that need resources stay as
 * expression nodes with everything static already evaluated, and the same evaluator finishes them once a
 * resolver knows the resources.
 */
class RuntimeReferencesTests {

    private final EvaluationContext plan = context("rocky")
            .parameter("port", json("8080"))
            .parameter("path", json("\"status\""))
            .parameter("roles", json("[\"web\", \"db\"]"))
            .build();

    private final Hot.Resources resources = new Hot.Resources()
            .id("server", "3c5e-server")
            .attribute("server", "first_address", "\"192.0.2.5\"")
            .attribute("server", "networks", "{\"private\": [\"10.0.0.4\", \"fd00::4\"]}")
            .attribute("group", "names", "[\"a\", \"b\"]");

    private final EvaluationContext run = EvaluationContext.builder(HotVersion.of("rocky")).resolver(resources).build();

    @Test
    void strReplaceWithAnAttributeStaysAStrReplaceWithItsOtherPartsEvaluated() {
        String property = """
                {"str_replace": {"template": {"list_join": ["/", ["http://$host:$port", {"get_param": "path"}]]},
                                 "params": {"$host": {"get_attr": ["server", "first_address"]},
                                            "$port": {"get_param": "port"}}}}""";
        JsonNode planned = eval(plan, property, "resources", "config", "properties", "config");

        assertThat(planned).isEqualTo(json("""
                {"str_replace": {"template": "http://$host:$port/status",
                                 "params": {"$host": {"get_attr": ["server", "first_address"]}, "$port": 8080}}}"""));
        assertThat(HotFunctions.isResolved(planned)).isFalse();

        // run time: only the resolver is needed, parameters were used up at plan time
        JsonNode done = HotFunctions.evaluate(planned, run, "resources", "config", "properties", "config");
        assertThat(done).isEqualTo(json("\"http://192.0.2.5:8080/status\""));
        assertThat(HotFunctions.isResolved(done)).isTrue();

        // evaluating the template itself with everything known gives the same value
        EvaluationContext both = plan.withResolver(resources);
        assertThat(eval(both, property)).isEqualTo(done);
    }

    @Test
    void aResolverThatDoesNotKnowYetKeepsTheNode() {
        JsonNode planned = eval(plan, "{\"get_attr\": [\"db\", \"first_address\"]}");
        assertThat(HotFunctions.evaluate(planned, run)).isEqualTo(json("{\"get_attr\": [\"db\", \"first_address\"]}"));
    }

    @Test
    void dataAroundExpressionNodesIsEvaluatedAndKept() {
        JsonNode planned = eval(plan, """
                {"server": {"get_resource": "server"},
                 "port": {"get_param": "port"},
                 "networks": [{"port": {"get_resource": "server"}}, {"fixed_ip": "10.0.0.9"}],
                 "roles": {"get_param": "roles"}}""");
        assertThat(planned).isEqualTo(json("""
                {"server": {"get_resource": "server"}, "port": 8080,
                 "networks": [{"port": {"get_resource": "server"}}, {"fixed_ip": "10.0.0.9"}],
                 "roles": ["web", "db"]}"""));
        assertThat(HotFunctions.evaluate(planned, run)).isEqualTo(json("""
                {"server": "3c5e-server", "port": 8080,
                 "networks": [{"port": "3c5e-server"}, {"fixed_ip": "10.0.0.9"}], "roles": ["web", "db"]}"""));
    }

    @Test
    void everyFunctionAboveAReferenceWaitsForIt() {
        String value = """
                {"list_join": [",", {"repeat": {"template": "name-%n%",
                                               "for_each": {"%n%": {"get_attr": ["group", "names"]}}}},
                                    {"get_param": "roles"}]}""";
        JsonNode planned = eval(plan, value);
        assertThat(planned).isEqualTo(json("""
                {"list_join": [",", {"repeat": {"template": "name-%n%",
                                               "for_each": {"%n%": {"get_attr": ["group", "names"]}}}},
                                    ["web", "db"]]}"""));
        assertThat(HotFunctions.evaluate(planned, run)).isEqualTo(json("\"name-a,name-b,web,db\""));

        JsonNode merged = eval(plan, "{\"map_merge\": [{\"a\": {\"get_resource\": \"server\"}}, {\"b\": {\"get_param\": \"port\"}}]}");
        assertThat(merged).isEqualTo(json("{\"map_merge\": [{\"a\": {\"get_resource\": \"server\"}}, {\"b\": 8080}]}"));
        assertThat(HotFunctions.evaluate(merged, run)).isEqualTo(json("{\"a\": \"3c5e-server\", \"b\": 8080}"));
    }

    @Test
    void attributeArgumentsAndPathsAreEvaluatedAtPlanTime() {
        EvaluationContext ctx = context("rocky").parameter("net", json("\"private\"")).build();
        JsonNode planned = eval(ctx, "{\"get_attr\": [\"server\", \"networks\", {\"get_param\": \"net\"}, 1]}");
        assertThat(planned).isEqualTo(json("{\"get_attr\": [\"server\", \"networks\", \"private\", 1]}"));
        assertThat(HotFunctions.evaluate(planned, run)).isEqualTo(json("\"fd00::4\""));
    }

    @Test
    void ifIsDecidedAtPlanTimeAndKeepsOnlyTheChosenReference() {
        EvaluationContext ctx = context("rocky").condition("public", false).build();
        JsonNode planned = eval(ctx, """
                {"if": ["public", {"get_attr": ["server", "floating_ip"]}, {"get_attr": ["server", "first_address"]}]}""",
                "outputs", "address", "value");
        assertThat(planned).isEqualTo(json("{\"get_attr\": [\"server\", \"first_address\"]}"));
        assertThat(HotFunctions.evaluate(planned, run)).isEqualTo(json("\"192.0.2.5\""));
    }

    @Test
    void callsWaitingForResourcesAreStillCheckedAsHeatParsesThem() {
        ExpressionException e = failure(() -> eval(plan, """
                {"str_replace": {"template": {"get_attr": ["server", "name"]}}}""", "resources", "a", "properties", "b"));
        assertThat(e.path()).isEqualTo("resources.a.properties.b.str_replace");
        assertThat(e.heatMessage()).startsWith("'\"str_replace\" syntax should be str_replace:");
        assertThat(failure(() -> eval(plan, "{\"list_join\": {\"get_attr\": [\"group\", \"names\"]}}")).heatMessage())
                .startsWith("Incorrect arguments to \"list_join\" should be:");
        // and checked again on the values once they are there
        JsonNode planned = eval(plan, "{\"list_join\": [\",\", {\"get_attr\": [\"server\", \"networks\"]}]}");
        assertThat(failure(() -> HotFunctions.evaluate(planned, run)).heatMessage())
                .isEqualTo("\"list_join\" must operate on a list");
    }

    @Test
    void errorsInsideNestedCallsNameTheInnermostCall() {
        ExpressionException e = failure(() -> eval(plan, """
                {"list_join": [",", [{"str_replace": {"template": "x", "params": {"x": {"get_param": "nope"}}}}]]}""",
                "resources", "web", "properties", "name"));
        assertThat(e.path()).isEqualTo("resources.web.properties.name.list_join[1][0].str_replace.params.x.get_param");
        assertThat(e.heatMessage()).isEqualTo("The Parameter (nope) was not provided.");
    }

    @Test
    void evaluationDoesNotChangeItsInput() {
        JsonNode input = json("{\"a\": {\"get_param\": \"port\"}, \"b\": [{\"get_resource\": \"server\"}]}");
        JsonNode copy = input.deepCopy();
        HotFunctions.evaluate(input, plan);
        HotFunctions.evaluate(input, plan.withResolver(resources));
        assertThat(input).isEqualTo(copy);
    }

    @Test
    void isResolvedLooksForFunctionCallsAnywhere() {
        assertThat(HotFunctions.isResolved(json("{\"a\": [1, {\"b\": \"c\"}], \"equals\": 1}"))).isTrue();
        assertThat(HotFunctions.isResolved(json("{\"equals\": [1, 1]}"))).isTrue();
        assertThat(HotFunctions.isResolved(json("{\"a\": [1, {\"get_attr\": [\"s\", \"x\"]}]}"))).isFalse();
        assertThat(HotFunctions.isResolved(json("[{\"str_replace\": {}}]"))).isFalse();
        assertThat(HotFunctions.functionNames()).contains("get_attr", "get_resource", "if", "make_url", "Ref",
                "Fn::GetAtt", "Fn::Select").doesNotContain("equals", "Fn::Equals");
    }
}
