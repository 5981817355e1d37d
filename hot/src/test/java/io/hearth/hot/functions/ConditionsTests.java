package io.hearth.hot.functions;

import static io.hearth.hot.functions.Hot.context;
import static io.hearth.hot.functions.Hot.eval;
import static io.hearth.hot.functions.Hot.failure;
import static io.hearth.hot.functions.Hot.json;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Conditions and if: equals, not, and, or, contains, get_param in condition definitions. */
class ConditionsTests {

    private static final String CONDITIONS = """
            {"create_prod": {"equals": [{"get_param": "env_type"}, "prod"]},
             "not_prod": {"not": "create_prod"},
             "prod_and_true": {"and": ["create_prod", true]},
             "prod_or_numbers": {"or": ["create_prod", {"equals": [1, 1.0]}]},
             "has_neutron": {"contains": ["neutron", {"get_param": "services"}]},
             "fixed": false}""";

    private static EvaluationContext env(String envType) {
        return context("pike").parameter("env_type", json("\"" + envType + "\""))
                .parameter("services", json("[\"neutron\", \"heat\"]"))
                .parameter("flag", json("true"))
                .conditions(json(CONDITIONS)).build();
    }

    private static boolean holds(EvaluationContext ctx, String condition) {
        return HotFunctions.evaluateCondition(json(condition), ctx, "resources", "r", "condition");
    }

    @Test
    void conditionDefinitionsEvaluateByName() {
        EvaluationContext test = env("test");
        EvaluationContext prod = env("prod");
        assertThat(holds(test, "\"create_prod\"")).isFalse();
        assertThat(holds(prod, "\"create_prod\"")).isTrue();
        assertThat(holds(test, "\"not_prod\"")).isTrue();
        assertThat(holds(prod, "\"prod_and_true\"")).isTrue();
        assertThat(holds(test, "\"prod_and_true\"")).isFalse();
        assertThat(holds(test, "\"prod_or_numbers\"")).isTrue();
        assertThat(holds(test, "\"has_neutron\"")).isTrue();
        assertThat(holds(test, "\"fixed\"")).isFalse();
    }

    @Test
    void aConditionMayBeABooleanOrAnInlineConditionFunction() {
        EvaluationContext test = env("test");
        assertThat(holds(test, "true")).isTrue();
        assertThat(holds(test, "{\"not\": \"create_prod\"}")).isTrue();
        assertThat(holds(test, "{\"or\": [\"create_prod\", \"fixed\"]}")).isFalse();
        assertThat(holds(test, "{\"get_param\": \"flag\"}")).isTrue();
        // Heat's Conditions.is_enabled takes None as true
        assertThat(holds(test, "{\"and\": [null, true]}")).isTrue();
    }

    @Test
    void conditionErrors() {
        EvaluationContext test = env("test");
        ExpressionException unknown = failure(() -> holds(test, "\"cd_not_existing\""));
        assertThat(unknown).hasMessage("resources.r.condition: Invalid condition \"cd_not_existing\"");

        EvaluationContext circular = context("newton")
                .conditions(json("{\"a\": {\"not\": \"b\"}, \"b\": {\"not\": \"a\"}}")).build();
        assertThat(failure(() -> holds(circular, "\"a\"")).heatMessage())
                .isEqualTo("Condition validation error: Circular definition for condition \"a\"");

        EvaluationContext notBoolean = context("newton").conditions(json("{\"cd\": \"foo\", \"m\": {\"a\": 1}}")).build();
        ExpressionException e = failure(() -> holds(notBoolean, "\"cd\""));
        assertThat(e.path()).isEqualTo("conditions.cd");
        assertThat(e.heatMessage()).isEqualTo("Condition validation error: The definition of condition \"cd\" is invalid: foo");
        assertThat(failure(() -> holds(notBoolean, "\"m\"")).heatMessage())
                .isEqualTo("Condition validation error: The definition of condition \"m\" is invalid: {'a': 1}");
    }

    @Test
    void conditionFunctionArgumentErrors() {
        EvaluationContext newton = context("newton").build();
        String equalsForm = "Arguments to \"equals\" must be of the form: [value_1, value_2]";
        ExpressionException e = failure(() -> holds(newton, "{\"equals\": [\"test\", \"prod\", \"invalid\"]}"));
        assertThat(e).hasMessage("resources.r.condition.equals: " + equalsForm);
        assertThat(failure(() -> holds(newton, "{\"equals\": \"invalid condition\"}")).heatMessage()).isEqualTo(equalsForm);
        assertThat(failure(() -> holds(newton, "{\"not\": null}")).heatMessage())
                .isEqualTo("Argument to \"not\" must be a condition");
        assertThat(failure(() -> holds(newton, "{\"and\": \"a\"}")).heatMessage())
                .isEqualTo("Arguments to \"and\" must be a list of conditions");
        assertThat(failure(() -> holds(newton, "{\"or\": [true]}")).heatMessage())
                .isEqualTo("The minimum number of condition arguments to \"or\" is 2.");
        assertThat(failure(() -> holds(newton, "{\"not\": 5}")).heatMessage()).isEqualTo("Invalid condition \"5\"");
    }

    @Test
    void onlyConditionFunctionsMayBeUsedInConditions() {
        EvaluationContext newton = context("newton").build();
        ExpressionException e = failure(() -> holds(newton,
                "{\"equals\": [{\"get_attr\": [\"server\", \"att1\"]}, {\"get_attr\": [\"server\", \"att2\"]}]}"));
        assertThat(e.path()).isEqualTo("resources.r.condition.equals[0].get_attr");
        assertThat(e.heatMessage()).isEqualTo("The function \"get_attr\" is invalid in this context");
        assertThat(failure(() -> holds(newton, "{\"if\": [true, true, false]}")).heatMessage())
                .isEqualTo("The function \"if\" is invalid in this context");
        assertThat(failure(() -> holds(newton, "{\"yaql\": {\"expression\": \"1\"}}")).heatMessage())
                .isEqualTo("The function \"yaql\" is invalid in this context");
        assertThat(failure(() -> holds(context("pike").build(), "{\"yaql\": {\"expression\": \"1\"}}")).heatMessage())
                .isEqualTo("yaql is not supported by Hearth; use other intrinsic functions");
        assertThat(failure(() -> holds(context("ocata").build(), "{\"contains\": [\"a\", [\"a\"]]}")).heatMessage())
                .isEqualTo("The function \"contains\" is not supported in heat_template_version 2017-02-24; "
                        + "it requires 2017-09-01 or later");
    }

    // ---------------------------------------------------------------- if

    @Test
    void ifChoosesAValueByConditionNameBooleanOrFunction() {
        EvaluationContext prod = env("prod");
        EvaluationContext test = env("test");
        String byName = "{\"if\": [\"create_prod\", \"value_if_true\", \"value_if_false\"]}";
        assertThat(eval(prod, byName)).isEqualTo(json("\"value_if_true\""));
        assertThat(eval(test, byName)).isEqualTo(json("\"value_if_false\""));
        assertThat(eval(test, "{\"if\": [true, \"yes\", \"no\"]}")).isEqualTo(json("\"yes\""));
        assertThat(eval(test, "{\"if\": [{\"not\": \"create_prod\"}, \"yes\", \"no\"]}")).isEqualTo(json("\"yes\""));
        assertThat(eval(test, "{\"if\": [{\"get_param\": \"flag\"}, \"yes\", \"no\"]}")).isEqualTo(json("\"yes\""));
        assertThat(eval(test, "{\"if\": [true, null, \"value_if_false\"]}")).isEqualTo(json("null"));
        assertThat(eval(test, "{\"if\": [\"fixed\", {\"get_param\": \"env_type\"}, [1, 2]]}")).isEqualTo(json("[1, 2]"));
    }

    @Test
    void ifEvaluatesOnlyTheChosenValue() {
        assertThat(eval(env("test"), "{\"if\": [false, {\"get_param\": \"missing\"}, \"safe\"]}")).isEqualTo(json("\"safe\""));
    }

    @Test
    void ifErrors() {
        String form = "Arguments to \"if\" must be of the form: [condition_name, value_if_true, value_if_false]";
        for (String args : new String[] {"[\"create_prod\", \"one_value\"]",
            "[\"create_prod\", \"one_value\", \"two_values\", \"three_values\"]", "\"create_prod\""}) {
            assertThat(failure("newton", "{\"if\": " + args + "}").heatMessage()).isEqualTo(form);
        }
        for (String args : new String[] {"[\"create_prod\"]", "[\"create_prod\", \"a\", \"b\", \"c\"]"}) {
            assertThat(failure("wallaby", "{\"if\": " + args + "}").heatMessage()).isEqualTo(form);
        }
        ExpressionException e = failure(() -> eval(env("test"), "{\"if\": [\"cd_not_existing\", \"value_true\", \"value_false\"]}",
                "resources", "r", "properties", "p"));
        assertThat(e).hasMessage("resources.r.properties.p.if: Invalid condition \"cd_not_existing\"");
    }

    @Test
    void ifIsAllowedInResourcePropertiesAndOutputsOnly() {
        EvaluationContext test = env("test");
        assertThat(eval(test, "{\"if\": [true, 1, 2]}", "resources", "r", "properties", "size")).isEqualTo(json("1"));
        assertThat(eval(test, "{\"if\": [true, 1, 2]}", "outputs", "size", "value")).isEqualTo(json("1"));
        ExpressionException e = failure(() -> eval(test, "{\"if\": [true, 1, 2]}", "resources", "r", "metadata", "m"));
        assertThat(e.path()).isEqualTo("resources.r.metadata.m.if");
        assertThat(e.heatMessage()).isEqualTo("The function \"if\" is invalid in this context");
    }

    @Test
    void fromWallabyAnOmittedFalseValueRemovesTheItem() {
        EvaluationContext wallaby = context("wallaby").build();
        assertThat(eval(wallaby, """
                {"single": {"if": [false, "value_if_true"]},
                 "nested_true": {"if": [true, {"if": [false, "foo"]}, "bar"]},
                 "nested_false": {"if": [false, "baz", {"if": [false, "quux"]}]},
                 "control": {"if": [false, true, null]}}""")).isEqualTo(json("{\"control\": null}"));
        assertThat(eval(wallaby, "[\"a\", {\"if\": [false, \"b\"]}, \"c\"]")).isEqualTo(json("[\"a\", \"c\"]"));
        assertThat(eval(wallaby, "{\"list_join\": [\",\", [\"a\", {\"if\": [false, \"b\"]}]]}")).isEqualTo(json("\"a\""));
        assertThat(eval(wallaby, "{\"if\": [true, \"kept\"]}")).isEqualTo(json("\"kept\""));
        assertThat(eval(wallaby, "{\"if\": [false, \"gone\"]}")).isEqualTo(json("null"));
    }

    @Test
    void conditionFunctionNamesAreDataOutsideConditions() {
        assertThat(eval("pike", "{\"equals\": [1, 1]}")).isEqualTo(json("{\"equals\": [1, 1]}"));
        assertThat(eval("pike", "{\"not\": true}")).isEqualTo(json("{\"not\": true}"));
        assertThat(eval("pike", "{\"and\": [true, false]}")).isEqualTo(json("{\"and\": [true, false]}"));
    }
}
