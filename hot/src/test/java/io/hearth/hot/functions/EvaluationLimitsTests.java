package io.hearth.hot.functions;

import static io.hearth.hot.functions.Hot.context;
import static io.hearth.hot.functions.Hot.eval;
import static io.hearth.hot.functions.Hot.failure;
import static io.hearth.hot.functions.Hot.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;

/**
 * Every function whose result can outgrow its arguments is refused, with the function and its path, before
 * it builds a result larger than {@link EvaluationLimits} allow; so are values that many results within the
 * limits add up to. Within the limits results are Heat's (the other tests of this package).
 */
class EvaluationLimitsTests {

    /** Small limits, so that each refusal is quick to provoke. */
    private static final EvaluationLimits SMALL = new EvaluationLimits(100, 1000, "test.limits");

    private static EvaluationContext small() {
        return context("2018-08-31").limits(SMALL).build();
    }

    private static String refusal(EvaluationContext context, String value) {
        ExpressionException e = failure(() -> eval(context, value, "resources", "x", "properties"));
        return e.getMessage();
    }

    private static ArrayNode values(int n, String prefix) {
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < n; i++) {
            list.add(prefix + i);
        }
        return list;
    }

    // ---------------------------------------------------------------- repeat

    @Test
    void repeatOverThreeListsOf400IsCountedNotBuilt() {
        EvaluationContext context = context("2018-08-31")
                .limits(new EvaluationLimits(EvaluationLimits.DEFAULT_MAX_ITEMS, EvaluationLimits.DEFAULT_MAX_CHARS,
                        "hearth.template.limits"))
                .parameter("a", values(400, "a")).parameter("b", values(400, "b")).parameter("c", values(400, "c"))
                .build();
        assertThat(refusal(context, """
                {"value": {"repeat": {"template": "%a%-%b%-%c%", "for_each": {
                  "%a%": {"get_param": "a"}, "%b%": {"get_param": "b"}, "%c%": {"get_param": "c"}}}}}"""))
                .isEqualTo("resources.x.properties.value.repeat: \"repeat\" would produce 64000000 items, more than "
                        + "the limit of 262144 (hearth.template.limits.max-evaluated-items)");
    }

    @Test
    void repeatCountsTheItemsOfItsTemplateToo() {
        // 10 combinations of a template holding 10 items: 110 items
        assertThat(refusal(small(), """
                {"repeat": {"template": [1, 2, 3, 4, 5, 6, 7, 8, 9, "%v%"],
                            "for_each": {"%v%": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]}}}"""))
                .isEqualTo("resources.x.properties.repeat: \"repeat\" would produce 110 items, more than the limit "
                        + "of 100 (test.limits.max-evaluated-items)");
    }

    @Test
    void aRepeatInsideARepeatMultiplies() {
        // the inner one gives 10 items; the outer one 10 copies of them: 10 * (1 + 10)
        assertThat(refusal(small(), """
                {"repeat": {"for_each": {"%o%": ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]},
                            "template": {"repeat": {"template": "%o%-%i%",
                                "for_each": {"%i%": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]}}}}}"""))
                .isEqualTo("resources.x.properties.repeat: \"repeat\" would produce 110 items, more than the limit "
                        + "of 100 (test.limits.max-evaluated-items)");
    }

    @Test
    void repeatWithoutPermutationsCountsTheZippedItems() {
        EvaluationContext context = context("2018-08-31").limits(SMALL)
                .parameter("l", values(30, "v")).build();
        // 30 pairs (not 900), each a list of 3
        assertThat(refusal(context, """
                {"repeat": {"template": ["%a%", "%b%", 0], "permutations": false,
                            "for_each": {"%a%": {"get_param": "l"}, "%b%": {"get_param": "l"}}}}"""))
                .endsWith("\"repeat\" would produce 120 items, more than the limit of 100 "
                        + "(test.limits.max-evaluated-items)");
    }

    @Test
    void repeatRefusesAStringBeforeMakingIt() {
        String forty = "x".repeat(40);
        // each item is the template with %v% replaced by 40 characters ten times: the third would pass 1000
        assertThat(refusal(small(), """
                {"repeat": {"template": "%v%%v%%v%%v%%v%%v%%v%%v%%v%%v%", "for_each": {"%v%": ["F", "F", "F"]}}}"""
                .replace("F", forty)))
                .endsWith("\"repeat\" would produce at least 1200 characters, more than the limit of 1000 "
                        + "(test.limits.max-evaluated-chars)");
    }

    // ---------------------------------------------------------------- strings

    @Test
    void strReplaceCountsItsResultFirst() {
        for (String fn : new String[] {"str_replace", "str_replace_strict", "str_replace_vstrict"}) {
            assertThat(refusal(small(), """
                    {"%s": {"template": "$a $a $a $a $a $a $a $a $a $a", "params": {"$a": "%s"}}}"""
                    .formatted(fn, "y".repeat(100))))
                    .isEqualTo("resources.x.properties." + fn + ": \"" + fn + "\" would produce 1009 characters, "
                            + "more than the limit of 1000 (test.limits.max-evaluated-chars)");
        }
        assertThat(eval(small(), """
                {"str_replace": {"template": "$a $a", "params": {"$a": "%s"}}}""".formatted("y".repeat(400))))
                .isEqualTo(TextNode.valueOf("y".repeat(400) + " " + "y".repeat(400)));
    }

    @Test
    void strReplaceOfAHugeResultIsCountedNotBuilt() {
        // two billion characters, counted in a moment
        EvaluationContext context = context("2018-08-31")
                .parameter("t", TextNode.valueOf("$".repeat(20_000)))
                .parameter("v", TextNode.valueOf("v".repeat(100_000))).build();
        assertThat(refusal(context, """
                {"str_replace": {"template": {"get_param": "t"}, "params": {"$": {"get_param": "v"}}}}"""))
                .isEqualTo("resources.x.properties.str_replace: \"str_replace\" would produce 2000000000 "
                        + "characters, more than the limit of 2097152");
    }

    @Test
    void listJoinCountsItsDelimiters() {
        EvaluationContext context = context("2018-08-31").limits(SMALL).parameter("l", values(80, "")).build();
        // 80 items of 1 or 2 characters (150) and 79 delimiters of 15 (1185)
        assertThat(refusal(context, """
                {"list_join": ["0123456789abcde", {"get_param": "l"}]}"""))
                .isEqualTo("resources.x.properties.list_join: \"list_join\" would produce 1335 characters, more than "
                        + "the limit of 1000 (test.limits.max-evaluated-chars)");
    }

    @Test
    void strSplitCountsItsPartsButOneIndexedPartIsFine() {
        String many = "a,".repeat(150);
        assertThat(refusal(small(), """
                {"str_split": [",", "%s"]}""".formatted(many)))
                .isEqualTo("resources.x.properties.str_split: \"str_split\" would produce 151 items, more than the "
                        + "limit of 100 (test.limits.max-evaluated-items)");
        assertThat(eval(small(), """
                {"str_split": [",", "%s", 149]}""".formatted(many))).isEqualTo(TextNode.valueOf("a"));
        assertThat(refusal(small(), """
                {"str_split": [null, "%s"]}""".formatted("b ".repeat(101))))
                .endsWith("\"str_split\" would produce 101 items, more than the limit of 100 "
                        + "(test.limits.max-evaluated-items)");
    }

    // ---------------------------------------------------------------- copies and totals

    @Test
    void getParamAndGetFileAreRefusedBeforeTheyCopy() {
        EvaluationContext context = context("2018-08-31").limits(SMALL).parameter("l", values(101, "v"))
                .file("f", "z".repeat(1001)).build();
        assertThat(refusal(context, "{\"get_param\": \"l\"}")).isEqualTo("resources.x.properties.get_param: "
                + "\"get_param\" would produce 101 items, more than the limit of 100 (test.limits.max-evaluated-items)");
        assertThat(refusal(context, "{\"get_file\": \"f\"}")).isEqualTo("resources.x.properties.get_file: "
                + "\"get_file\" would produce 1001 characters, more than the limit of 1000 "
                + "(test.limits.max-evaluated-chars)");
    }

    @Test
    void manyResultsWithinTheLimitsCannotAddUpPastThem() {
        EvaluationContext context = context("2018-08-31").limits(SMALL).parameter("l", values(40, "v")).build();
        // each copy holds 40 items and takes one in the list: the third would bring the list to 122
        assertThat(refusal(context, """
                {"list_concat": [{"get_param": "l"}, {"get_param": "l"}, {"get_param": "l"}]}"""))
                .isEqualTo("resources.x.properties.list_concat[2].get_param: \"get_param\" would bring the "
                        + "evaluated values to 122 items, more than the limit of 100 (test.limits.max-evaluated-items)");
        assertThat(refusal(context, """
                {"a": {"get_param": "l"}, "b": {"map_merge": [{"c": {"get_param": "l"}}, {"d": {"get_param": "l"}}]}}
                """)).startsWith("resources.x.properties.b.map_merge[1].d.get_param: \"get_param\" would bring the "
                        + "evaluated values to ");
    }

    @Test
    void aLiteralValueIsHeldToTheLimitsToo() {
        StringBuilder list = new StringBuilder("[0");
        for (int i = 1; i <= 100; i++) {
            list.append(", ").append(i);
        }
        assertThat(refusal(small(), list + "]")).isEqualTo("resources.x.properties[100]: the evaluated values "
                + "would hold more items than the limit of 100 (test.limits.max-evaluated-items)");
    }

    @Test
    void theValuesOfOneEvaluatorAreHeldToTheLimitsTogether() {
        EvaluationContext context = context("2018-08-31").limits(SMALL).parameter("l", values(45, "v")).build();
        Evaluator evaluator = new Evaluator(context);
        assertThat(evaluator.evaluate(json("{\"get_param\": \"l\"}"), "resources", "a", "properties")).hasSize(45);
        // a refused value is not kept: it does not count
        failure(() -> evaluator.evaluate(json("{\"str_split\": [\",\", \"%s\"]}".formatted(",".repeat(100))),
                "resources", "b", "properties"));
        assertThat(evaluator.evaluate(json("{\"get_param\": \"l\"}"), "resources", "c", "properties")).hasSize(45);
        assertThat(failure(() -> evaluator.evaluate(json("{\"get_param\": \"l\"}"), "resources", "d", "properties"))
                .getMessage()).isEqualTo("resources.d.properties.get_param: \"get_param\" would bring the evaluated "
                        + "values to 135 items, more than the limit of 100 (test.limits.max-evaluated-items)");
        assertThat(EvaluatedSize.of(json("{\"ab\": [\"cde\", 1, {\"f\": null}]}")))
                .isEqualTo(new EvaluatedSize(5, 6));
    }

    @Test
    void callsWhoseResultsAreDroppedStillCountAsWork() {
        EvaluationContext context = context("2018-08-31").limits(SMALL).parameter("l", values(60, "v")).build();
        // each contains copies 60 items and keeps a boolean: 16 times 100 items allow 26 of them
        String call = "{\"contains\": [\"x\", {\"get_param\": \"l\"}]}";
        assertThat(eval(context, "[" + String.join(", ", java.util.Collections.nCopies(26, call)) + "]")).hasSize(26);
        assertThat(refusal(context, "[" + String.join(", ", java.util.Collections.nCopies(27, call)) + "]"))
                .isEqualTo("resources.x.properties[26].contains[1].get_param: \"get_param\" would bring the items all "
                        + "calls produced, kept or not, to 1620, more than 16 times the limit of 100 "
                        + "(test.limits.max-evaluated-items)");
    }

    @Test
    void runtimeAttributesAreHeldToTheLimits() {
        Hot.Resources resources = new Hot.Resources().attribute("server", "networks", values(101, "n").toString());
        EvaluationContext context = context("2018-08-31").limits(SMALL).resolver(resources).build();
        assertThat(refusal(context, "{\"get_attr\": [\"server\", \"networks\"]}"))
                .isEqualTo("resources.x.properties.get_attr: \"get_attr\" would produce 101 items, more than the "
                        + "limit of 100 (test.limits.max-evaluated-items)");
        assertThat(eval(context, "{\"get_attr\": [\"server\", \"networks\", 100]}")).isEqualTo(TextNode.valueOf("n100"));
    }

    @Test
    void mapsAndConditionalsPassOnWhatTheirArgumentsHold() {
        EvaluationContext context = context("2018-08-31").limits(SMALL).parameter("l", values(60, "v")).build();
        JsonNode merged = eval(context, """
                {"map_merge": [{"a": {"get_param": "l"}}, {"a": "replaced"}]}""");
        assertThat(merged).isEqualTo(json("{\"a\": \"replaced\"}"));
        assertThat(eval(context, """
                {"if": [true, {"get_param": "l"}, null]}""", "resources", "x", "properties")).hasSize(60);
    }

    // ---------------------------------------------------------------- time

    @Test
    void uniqueAndFilterFindEqualValuesInOnePassAsPythonCompares() {
        assertThat(eval("2018-08-31", """
                {"list_concat_unique": [[1, 1.0, true, "1", [1], [1.0], {"a": 1}, {"a": true}], [null, null, 2.50, 2.5]]}
                """)).isEqualTo(json("[1, \"1\", [1], {\"a\": 1}, null, 2.50]"));
        assertThat(eval("2018-08-31", """
                {"filter": [[1, "x", {"k": [0]}], [true, 1.0, "x", "y", {"k": [false]}, {"k": [1]}]]}"""))
                .isEqualTo(json("[\"y\", {\"k\": [1]}]"));
        EvaluationContext context = context("2018-08-31").parameter("l", values(100_000, "v")).build();
        assertThat(eval(context, """
                {"list_concat_unique": [{"get_param": "l"}, {"get_param": "l"}]}""")).hasSize(100_000);
    }
}
