package io.hearth.hot.functions;

import static io.hearth.hot.functions.Hot.context;
import static io.hearth.hot.functions.Hot.eval;
import static io.hearth.hot.functions.Hot.failure;
import static io.hearth.hot.functions.Hot.json;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** repeat, map_merge, map_replace, list_concat(_unique), contains, filter, after heat/tests/test_hot.py. */
class CollectionFunctionsTests {

    // ---------------------------------------------------------------- repeat

    @Test
    void repeatSubstitutesEachItemInStringsListsAndMaps() {
        assertThat(eval("2015-04-30", """
                {"repeat": {"template": "this is %var%", "for_each": {"%var%": ["a", "b", "c"]}}}"""))
                .isEqualTo(json("[\"this is a\", \"this is b\", \"this is c\"]"));
        assertThat(eval("2015-04-30", """
                {"repeat": {"template": {"key-%var%": "this is %var%"}, "for_each": {"%var%": ["a", "b"]}}}"""))
                .isEqualTo(json("[{\"key-a\": \"this is a\"}, {\"key-b\": \"this is b\"}]"));
        assertThat(eval("pike", """
                {"repeat": {"template": ["this is %var%", "static", 3], "for_each": {"%var%": ["a", "b"]}}}"""))
                .isEqualTo(json("[[\"this is a\", \"static\", 3], [\"this is b\", \"static\", 3]]"));
        assertThat(eval("newton", """
                {"repeat": {"template": {"SERVICE_enabled": true}, "for_each": {"SERVICE": ["x", "y", "z"]}}}"""))
                .isEqualTo(json("[{\"x_enabled\": true}, {\"y_enabled\": true}, {\"z_enabled\": true}]"));
    }

    @Test
    void severalListsGiveTheCartesianProductLastListFastest() {
        assertThat(eval("2015-04-30", """
                {"repeat": {"template": "this is %var1%-%var2%", "for_each": {"%var1%": ["a", "b", "c"], "%var2%": ["1", "2"]}}}"""))
                .isEqualTo(json("""
                        ["this is a-1", "this is a-2", "this is b-1", "this is b-2", "this is c-1", "this is c-2"]"""));
    }

    @Test
    void fromNewtonAForEachMapIteratesItsKeys() {
        assertThat(eval("newton", """
                {"repeat": {"template": "this is %var1%-%var2%", "for_each": {"%var1%": ["a", "b"], "%var2%": {"x": "v", "y": "v"}}}}"""))
                .isEqualTo(json("[\"this is a-x\", \"this is a-y\", \"this is b-x\", \"this is b-y\"]"));
        assertThat(failure("2016-04-08", """
                {"repeat": {"template": "%v%", "for_each": {"%v%": {"x": "v"}}}}""").heatMessage())
                .isEqualTo("The values of the \"for_each\" argument to \"repeat\" must be lists");
        assertThat(failure("newton", """
                {"repeat": {"template": "%v%", "for_each": {"%v%": "abc"}}}""").heatMessage())
                .isEqualTo("The values of the \"for_each\" argument to \"repeat\" must be lists or maps");
    }

    @Test
    void fromPikePermutationsFalseZipsListsOfEqualLength() {
        assertThat(eval("pike", """
                {"repeat": {"template": {"network": "%net%", "port": "%port%"},
                 "for_each": {"%net%": ["n1", "n2"], "%port%": ["p1", "p2"]}, "permutations": false}}"""))
                .isEqualTo(json("[{\"network\": \"n1\", \"port\": \"p1\"}, {\"network\": \"n2\", \"port\": \"p2\"}]"));
        assertThat(failure("pike", """
                {"repeat": {"template": "%a%%b%", "for_each": {"%a%": ["n1", "n2", "n3"], "%b%": ["p1"]}, "permutations": false}}""")
                .heatMessage()).isEqualTo("For repeat, the length of for_each values should be equal if no nested loop.");
        assertThat(failure("pike", """
                {"repeat": {"template": "%a%", "for_each": {"%a%": {"p1": "pp"}}, "permutations": false}}""").heatMessage())
                .isEqualTo("The values of the \"for_each\" argument to \"repeat\" must be lists");
        assertThat(failure("pike", """
                {"repeat": {"template": "%a%", "for_each": {"%a%": ["x"]}, "permutations": "non bool"}}""").heatMessage())
                .isEqualTo("\"permutations\" should be boolean type for repeat function.");
    }

    @Test
    void repeatOverNothingIsEmpty() {
        assertThat(eval("2016-04-08", """
                {"map_merge": {"repeat": {"template": {"ROLE": "ROLE"}, "for_each": {"ROLE": null}}}}""")).isEqualTo(json("{}"));
        assertThat(eval("pike", """
                {"repeat": {"template": "%a%%b%", "for_each": {"%a%": null, "%b%": ["n1", "n2"]}, "permutations": false}}"""))
                .isEqualTo(json("[]"));
    }

    @Test
    void repeatEvaluatesItsArgumentsFirst() {
        EvaluationContext ctx = context("2015-04-30").parameter("param", json("[\"a\", \"b\", \"c\"]")).build();
        assertThat(eval(ctx, """
                {"repeat": {"template": "this is var%", "for_each": {"var%": {"get_param": "param"}}}}"""))
                .isEqualTo(json("[\"this is a\", \"this is b\", \"this is c\"]"));
    }

    @Test
    void repeatErrors() {
        String syntax = "'\"repeat\" syntax should be repeat:\\n              template: This is %var%\\n"
                + "              for_each:\\n                %var%: [\\'a\\', \\'b\\', \\'c\\']'";
        assertThat(failure("2015-04-30", "{\"repeat\": {\"template\": \"this is %var%\"}}").heatMessage()).isEqualTo(syntax);
        assertThat(failure("2015-04-30", """
                {"repeat": {"templte": "this is %var%", "for_each": {"%var%": ["a"]}}}""").heatMessage()).isEqualTo(syntax);
        assertThat(failure("2015-04-30", "{\"repeat\": [\"this is %var%\"]}").heatMessage())
                .isEqualTo("Arguments to \"repeat\" must be a map");
        ExpressionException e = failure("2015-04-30", """
                {"repeat": {"template": "this is %var%", "for_each": "%var%"}}""");
        assertThat(e).hasMessage("repeat: The \"for_each\" argument to \"repeat\" must contain a map");
        assertThat(failure("2015-04-30", """
                {"repeat": {"template": "%v%", "for_each": {"%v%": [1, 2]}}}""").heatMessage())
                .isEqualTo("replace() argument 2 must be str, not int");
    }

    // ---------------------------------------------------------------- map_merge

    @Test
    void mapMergeLaterMapsWin() {
        assertThat(eval("2016-04-08", "{\"map_merge\": [{\"f1\": \"b1\", \"f2\": \"b2\"}, {\"f1\": \"b2\"}]}"))
                .isEqualTo(json("{\"f1\": \"b2\", \"f2\": \"b2\"}"));
        assertThat(eval("2016-04-08", "{\"map_merge\": [{\"f1\": \"b1\", \"f2\": \"b2\"}, null]}"))
                .isEqualTo(json("{\"f1\": \"b1\", \"f2\": \"b2\"}"));
        assertThat(eval("2016-04-08", """
                {"map_merge": {"repeat": {"template": {"ROLE": "ROLE"}, "for_each": {"ROLE": ["role1", "role2"]}}}}"""))
                .isEqualTo(json("{\"role1\": \"role1\", \"role2\": \"role2\"}"));
    }

    @Test
    void mapMergeErrors() {
        assertThat(failure("2016-04-08", "{\"map_merge\": [{\"f1\": \"b1\"}, [\"f1\", \"b2\"]]}").heatMessage())
                .isEqualTo("Incorrect arguments: Items to merge must be maps. ['f1', 'b2'] is type <class 'list'> "
                        + "instead of a dict");
        assertThat(failure("2016-04-08", "{\"map_merge\": {\"f1\": \"b1\", \"f2\": \"b2\"}}").heatMessage())
                .isEqualTo("Incorrect arguments to \"map_merge\" should be: "
                        + "\"map_merge\" : [ { \"key1\": \"val1\" }, { \"key2\": \"val2\" } ]");
    }

    // ---------------------------------------------------------------- map_replace

    @Test
    void mapReplaceRenamesKeysAndReplacesValues() {
        assertThat(eval("newton", """
                {"map_replace": [{"f1": "b1", "f2": "b2"}, {"keys": {"f1": "F1"}, "values": {"b2": "B2"}}]}"""))
                .isEqualTo(json("{\"F1\": \"b1\", \"f2\": \"B2\"}"));
        assertThat(eval("newton", "{\"map_replace\": [{\"f1\": \"b1\", \"f2\": \"b2\"}, {\"values\": {\"b2\": \"B2\"}}]}"))
                .isEqualTo(json("{\"f1\": \"b1\", \"f2\": \"B2\"}"));
        assertThat(eval("newton", "{\"map_replace\": [{\"f1\": \"b1\", \"f2\": \"b2\"}, {\"keys\": {\"f2\": \"f2\"}}]}"))
                .isEqualTo(json("{\"f1\": \"b1\", \"f2\": \"b2\"}"));
        assertThat(eval("newton", "{\"map_replace\": [{\"f1\": \"b1\", \"f2\": \"b2\"}, {\"values\": null, \"keys\": null}]}"))
                .isEqualTo(json("{\"f1\": \"b1\", \"f2\": \"b2\"}"));
        assertThat(eval("newton", "{\"map_replace\": [{\"f1\": \"b1\", \"f2\": []}, {\"values\": {}}]}"))
                .isEqualTo(json("{\"f1\": \"b1\", \"f2\": []}"));
        // only string values can match: the replacement map's keys are strings
        assertThat(eval("newton", "{\"map_replace\": [{\"f1\": 1, \"f2\": \"1\"}, {\"values\": {\"1\": \"one\"}}]}"))
                .isEqualTo(json("{\"f1\": 1, \"f2\": \"one\"}"));
    }

    @Test
    void mapReplaceRefusesCollidingKeys() {
        assertThat(failure("newton", "{\"map_replace\": [{\"f1\": \"b1\", \"f2\": \"b2\"}, {\"keys\": {\"f2\": \"f1\"}}]}")
                .heatMessage()).isEqualTo("key replacement f1 collides with a key in the input map");
        assertThat(failure("newton", """
                {"map_replace": [{"f1": "b1", "f2": "b2"}, {"keys": {"f1": "f3", "f2": "f3"}}]}""").heatMessage())
                .isEqualTo("key replacement f3 collides with a key in the output map");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "\"ab\"|Incorrect arguments to \"map_replace\" should be: \"map_replace\" : [ { \"key1\": \"val1\" }, {\"keys\": {\"key1\": \"key2\"}, \"values\": {\"val1\": \"val2\"}}]",
        "[]|Incorrect arguments to \"map_replace\" should be: \"map_replace\" : [ { \"key1\": \"val1\" }, {\"keys\": {\"key1\": \"key2\"}, \"values\": {\"val1\": \"val2\"}}]",
        "[{\"f1\": \"b1\"}]|Incorrect arguments to \"map_replace\" should be: \"map_replace\" : [ { \"key1\": \"val1\" }, {\"keys\": {\"key1\": \"key2\"}, \"values\": {\"val1\": \"val2\"}}]",
        "[{\"f1\": \"b1\"}, {\"notkeys\": {\"f2\": \"F2\"}}]|Incorrect arguments to \"map_replace\" should be: \"map_replace\" : [ { \"key1\": \"val1\" }, {\"keys\": {\"key1\": \"key2\"}, \"values\": {\"val1\": \"val2\"}}]",
        "[{\"f1\": \"b1\"}, \"ab\"]|Incorrect arguments: to \"map_replace\", arguments must be a list of maps. Example:  \"map_replace\" : [ { \"key1\": \"val1\" }, {\"keys\": {\"key1\": \"key2\"}, \"values\": {\"val1\": \"val2\"}}]",
    })
    void mapReplaceArgumentErrors(String args, String message) {
        assertThat(failure("newton", "{\"map_replace\": " + args + "}").heatMessage()).isEqualTo(message);
    }

    // ---------------------------------------------------------------- list_concat

    @Test
    void listConcatJoinsListsAndSkipsNulls() {
        assertThat(eval("pike", "{\"list_concat\": [[\"v1\", \"v2\"], [\"v3\", \"v4\"], null]}"))
                .isEqualTo(json("[\"v1\", \"v2\", \"v3\", \"v4\"]"));
        assertThat(eval("pike", "{\"list_concat\": [[\"v1\", \"v2\"], [\"v2\", \"v3\"]]}"))
                .isEqualTo(json("[\"v1\", \"v2\", \"v2\", \"v3\"]"));
        assertThat(eval("pike", "{\"list_concat\": [[{\"v1\": \"v2\"}], [{\"v1\": \"v2\"}]]}"))
                .isEqualTo(json("[{\"v1\": \"v2\"}, {\"v1\": \"v2\"}]"));
    }

    @Test
    void listConcatUniqueKeepsTheFirstOfEqualValues() {
        assertThat(eval("pike", "{\"list_concat_unique\": [[\"v1\", \"v2\"], [\"v1\", \"v3\"]]}"))
                .isEqualTo(json("[\"v1\", \"v2\", \"v3\"]"));
        assertThat(eval("pike", "{\"list_concat_unique\": [[{\"v1\": \"v2\"}], [{\"v1\": \"v2\"}]]}"))
                .isEqualTo(json("[{\"v1\": \"v2\"}]"));
        assertThat(eval("pike", "{\"list_concat_unique\": [[1, 1, 2, 2]]}")).isEqualTo(json("[1, 2]"));
        // Python equality: 1 == 1.0 == True
        assertThat(eval("pike", "{\"list_concat_unique\": [[1, true], [1.0, \"1\"]]}")).isEqualTo(json("[1, \"1\"]"));
    }

    @Test
    void listConcatErrors() {
        assertThat(failure("pike", "{\"list_concat\": [{\"k1\": \"v2\"}, [\"v3\", \"v4\"]]}").heatMessage())
                .isEqualTo("Incorrect arguments: Items to concat must be lists. [{\"k1\": \"v2\"}, [\"v3\", \"v4\"]] "
                        + "contains an item that is not a list: {\"k1\": \"v2\"}");
        assertThat(failure("pike", "{\"list_concat\": [\"v1\", \"v2\"]}").heatMessage())
                .isEqualTo("Incorrect arguments: Items to concat must be lists. [\"v1\", \"v2\"] "
                        + "contains an item that is not a list: \"v1\"");
        assertThat(failure("pike", "{\"list_concat\": \"I am string\"}").heatMessage())
                .isEqualTo("Incorrect arguments to \"list_concat\" should be: "
                        + "\"list_concat\" : [ [ <value 1>, <value 2> ], [ <value 3>, <value 4> ] ]");
        assertThat(failure("pike", "{\"list_concat_unique\": {\"a\": 1, \"b\": 2}}").heatMessage())
                .isEqualTo("Incorrect arguments to \"list_concat_unique\" should be: "
                        + "\"list_concat_unique\" : [ [ <value 1>, <value 2> ], [ <value 3>, <value 4> ] ]");
    }

    // ---------------------------------------------------------------- contains

    @Test
    void containsLooksInListsAndStrings() {
        assertThat(eval("pike", "{\"contains\": [\"v1\", [\"v1\", \"v2\"]]}")).isEqualTo(json("true"));
        assertThat(eval("pike", "{\"contains\": [\"v3\", [\"v1\", \"v2\"]]}")).isEqualTo(json("false"));
        assertThat(eval("pike", "{\"contains\": [\"a\", \"abc\"]}")).isEqualTo(json("true"));
        assertThat(eval("pike", "{\"contains\": [1, [1.0, 2]]}")).isEqualTo(json("true"));
        assertThat(eval("pike", "{\"contains\": [{\"a\": [1]}, [{\"a\": [1]}]]}")).isEqualTo(json("true"));
    }

    @Test
    void containsErrors() {
        String incorrect = "Incorrect arguments to \"contains\" should be: \"contains\" : [ \"value1\", [ \"value1\", \"value2\"]]";
        assertThat(failure("pike", "{\"contains\": \"v1\"}").heatMessage()).isEqualTo(incorrect);
        assertThat(failure("pike", "{\"contains\": []}").heatMessage()).isEqualTo(incorrect);
        assertThat(failure("pike", "{\"contains\": [\"v1\", [\"v1\"], \"x\"]}").heatMessage())
                .isEqualTo("Arguments to \"contains\" must be of the form: [value1, [value1, value2]]");
        assertThat(failure("pike", "{\"contains\": [\"v1\", {\"v1\": 1}]}").heatMessage())
                .isEqualTo("Second argument to \"contains\" should be a sequence.");
        assertThat(failure("pike", "{\"contains\": [1, \"abc\"]}").heatMessage())
                .isEqualTo("'in <string>' requires string as left operand, not int");
    }

    // ---------------------------------------------------------------- filter

    @Test
    void filterRemovesValues() {
        assertThat(eval("ocata", "{\"filter\": [[null], [1, null, 4, 2, null]]}")).isEqualTo(json("[1, 4, 2]"));
        assertThat(eval("ocata", "{\"filter\": [[\"a\", 2.0], [\"a\", \"b\", 2]]}")).isEqualTo(json("[\"b\"]"));
        assertThat(eval("ocata", "{\"filter\": [[], [1, 2]]}")).isEqualTo(json("[1, 2]"));
        assertThat(eval("ocata", "{\"filter\": [[1], null]}")).isEqualTo(json("null"));
    }

    @Test
    void filterErrors() {
        assertThat(failure("ocata", "{\"filter\": \"foo\"}").heatMessage()).isEqualTo("Argument to \"filter\" must be a list");
        assertThat(failure("ocata", "{\"filter\": [[null], [1, 2], \"foo\"]}").heatMessage())
                .isEqualTo("\"filter\" expected 2 arguments of the form [values, sequence] but got 3 arguments instead");
        assertThat(failure("ocata", "{\"filter\": [[null], {\"a\": 1}]}").heatMessage()).isEqualTo("\"filter\" only works with lists");
        assertThat(failure("ocata", "{\"filter\": [[\"a\"], \"abcd\"]}").heatMessage()).isEqualTo("\"filter\" only works with lists");
        assertThat(failure("ocata", "{\"filter\": [\"abcd\", [\"a\", \"b\"]]}").heatMessage())
                .isEqualTo("\"filter\" filters a list of values");
    }
}
