package io.hearth.hot.functions;

import static io.hearth.hot.functions.Hot.context;
import static io.hearth.hot.functions.Hot.eval;
import static io.hearth.hot.functions.Hot.failure;
import static io.hearth.hot.functions.Hot.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** str_replace*, list_join, str_split, digest; expectations from Heat's own tests (heat/tests/test_hot.py). */
class StringFunctionsTests {

    // ---------------------------------------------------------------- str_replace

    @Test
    void strReplaceSubstitutesEveryParam() {
        assertThat(eval("2013-05-23", """
                {"str_replace": {"template": "Template var1 string var2", "params": {"var1": "foo", "var2": "bar"}}}"""))
                .isEqualTo(json("\"Template foo string bar\""));
        assertThat(eval("2013-05-23", """
                {"str_replace": {"template": "Template number string bar", "params": {"number": 1}}}"""))
                .isEqualTo(json("\"Template 1 string bar\""));
    }

    @Test
    void strReplacePrefersLongerKeysAndReplacesInOnePass() {
        assertThat(eval("2013-05-23", """
                {"str_replace": {"template": "1234567890", "params": {"1": "a", "12": "b", "123": "c", "1234": "d",
                 "12345": "e", "123456": "f", "1234567": "g"}}}""")).isEqualTo(json("\"g890\""));
        assertThat(eval("2013-05-23", """
                {"str_replace": {"template": "1234567890", "params": {"1": "a", "4": "d", "8": "h", "9": "i",
                 "123": "1", "456": "4", "890": "8", "90": "9"}}}""")).isEqualTo(json("\"1478\""));
        // keys of equal length: the lexicographically smaller one first
        String sameLength = """
                {"str_replace": {"template": "%s", "params": {"989284": "a", "892843": "b", "765432": "c",
                 "654321": "d", "543210": "e"}}}""";
        assertThat(eval("2013-05-23", sameLength.formatted("9876543210"))).isEqualTo(json("\"9876e\""));
        assertThat(eval("2013-05-23", sameLength.formatted("9892843210"))).isEqualTo(json("\"9b210\""));
    }

    @Test
    void strReplaceWritesNumbersAndBooleansAsPythonDoes() {
        assertThat(eval("2018-08-31", """
                {"str_replace": {"template": "a b c d", "params": {"a": 1.5, "b": true, "c": 1e20, "d": null}}}"""))
                .isEqualTo(json("\"1.5 True 1e+20 \""));
    }

    @Test
    void beforeLibertyMapAndListParamsAreRefused() {
        ExpressionException e = failure("2015-04-30", """
                {"str_replace": {"template": "jsonvar1", "params": {"jsonvar1": {"foo": 123}}}}""");
        assertThat(e.heatMessage()).isEqualTo("\"str_replace\" params must be strings or numbers, param jsonvar1 is not valid");
        assertThat(failure("2015-04-30", """
                {"str_replace": {"template": "listvar1", "params": {"listvar1": ["foo", 123]}}}""").heatMessage())
                .isEqualTo("\"str_replace\" params must be strings or numbers, param listvar1 is not valid");
    }

    @Test
    void fromLibertyMapAndListParamsAreWrittenAsSortedJson() {
        assertThat(eval("2015-10-15", """
                {"str_replace": {"template": "jsonvar1", "params": {"jsonvar1": {"foo": 123}}}}"""))
                .isEqualTo(json("\"{\\\"foo\\\": 123}\""));
        assertThat(eval("2015-10-15", """
                {"str_replace": {"template": "listvar1", "params": {"listvar1": ["foo", 123]}}}"""))
                .isEqualTo(json("\"[\\\"foo\\\", 123]\""));
        assertThat(eval("2015-10-15", """
                {"str_replace": {"template": "X", "params": {"X": {"z": [1.0, null, false], "a": "é"}}}}""").textValue())
                .isEqualTo("{\"a\": \"\\u00e9\", \"z\": [1.0, null, false]}");
    }

    @Test
    void strReplaceIgnoresParamsMissingFromTheTemplate() {
        assertThat(eval("2017-02-24", """
                {"str_replace": {"template": "Template var1 string var2",
                 "params": {"var1": "foo", "var2": "bar", "var3": "zed"}}}""")).isEqualTo(json("\"Template foo string bar\""));
    }

    @Test
    void strReplaceStrictCountsOnlyKeysLeftAfterLongerOnes() {
        assertThat(eval("ocata", """
                {"str_replace_strict": {"template": "Template var1 var1 s var2 t varvarvar3",
                 "params": {"var1": "foo", "var2": "bar", "var3": "zed", "var": "tricky "}}}"""))
                .isEqualTo(json("\"Template foo foo s bar t tricky tricky zed\""));
        assertThat(eval("ocata", """
                {"str_replace_strict": {"template": "Template var1 string var2", "params": {"var1": "foo", "var2": ""}}}"""))
                .isEqualTo(json("\"Template foo string \""));
    }

    @Test
    void strReplaceStrictRefusesParamsNotInTheTemplate() {
        assertThat(failure("ocata", """
                {"str_replace_strict": {"template": "Template var1 string var2",
                 "params": {"var1": "foo", "var2": "bar", "var3": "zed"}}}""").heatMessage())
                .isEqualTo("The following params were not found in the template: var3");
        ExpressionException e = failure("pike", """
                {"str_replace_vstrict": {"template": "Template var1 string var2",
                 "params": {"var1": "foo", "var2": "bar", "var0": "zed", "var": "z", "longvarname": "q"}}}""");
        assertThat(e.heatMessage()).isEqualTo("The following params were not found in the template: longvarname,var0,var");
        assertThat(e.path()).isEqualTo("str_replace_vstrict");
    }

    @ParameterizedTest
    @ValueSource(strings = {"null", "\"\"", "{}", "[]"})
    void strReplaceVstrictRefusesEmptyValues(String value) {
        ExpressionException e = failure("pike", """
                {"str_replace_vstrict": {"template": "Template var1 string var2", "params": {"var1": "foo", "var2": %s}}}"""
                .formatted(value));
        assertThat(e.heatMessage()).isEqualTo(
                "str_replace_vstrict has an undefined or empty value for param var2, must be a defined non-empty value");
    }

    @Test
    void strReplaceSyntaxErrorsReadAsInHeat() {
        // Heat raises a KeyError, whose text is the Python repr of the message: quotes and \n escapes included
        ExpressionException e = failure(() -> eval(context("2013-05-23").build(), """
                {"str_replace": {"tmpl": "Template var1 string var2", "parms": {"var1": "foo"}}}""",
                "resources", "web", "properties", "name"));
        assertThat(e.path()).isEqualTo("resources.web.properties.name.str_replace");
        assertThat(e.heatMessage()).isEqualTo("'\"str_replace\" syntax should be str_replace:\\n"
                + "              template: This is var1 template var2\\n              params:\\n"
                + "                var1: a\\n                var2: string'");
        assertThat(failure("ocata", "{\"str_replace_strict\": {\"t\": \"x\", \"params\": {}}}").heatMessage())
                .startsWith("'\"str_replace_strict\" syntax should be str_replace_strict:\\n");
        assertThat(failure("2013-05-23", """
                {"str_replace": [{"template": "Template var1 string var2"}, {"params": {"var1": "foo"}}]}""").heatMessage())
                .isEqualTo("Arguments to \"str_replace\" must be a map");
        assertThat(failure("2013-05-23", """
                {"str_replace": {"template": "Template var1 string var2", "params": ["var1", "foo"]}}""").heatMessage())
                .isEqualTo("\"str_replace\" parameters must be a mapping");
        assertThat(failure("2013-05-23", """
                {"str_replace": {"template": 12345, "params": {"var1": "foo"}}}""").heatMessage())
                .isEqualTo("\"str_replace\" template must be a string");
    }

    @Test
    void strReplaceParamsMayComeFromAFunctionButMustBeAMap() {
        EvaluationContext ctx = context("2015-04-30").parameter("p_template", json("\"foo-replaceme\""))
                .parameter("p_params", json("{\"replaceme\": \"success\"}"))
                .parameter("p_list", json("[\"replaceme\"]")).build();
        assertThat(eval(ctx, """
                {"str_replace": {"template": {"get_param": "p_template"}, "params": {"get_param": "p_params"}}}"""))
                .isEqualTo(json("\"foo-success\""));
        assertThat(failure(() -> eval(ctx, """
                {"str_replace": {"template": "x", "params": {"get_param": "p_list"}}}""")).heatMessage())
                .isEqualTo("\"str_replace\" params must be a map");
    }

    // ---------------------------------------------------------------- list_join

    @Test
    void listJoinJoinsOneOrMoreLists() {
        assertThat(eval("2015-04-30", "{\"list_join\": [\",\", [\"bar\", \"baz\"]]}")).isEqualTo(json("\"bar,baz\""));
        assertThat(eval("2015-10-15", "{\"list_join\": [\",\", [\"bar\", \"baz\"], [\"bar2\", \"baz2\"]]}"))
                .isEqualTo(json("\"bar,baz,bar2,baz2\""));
        assertThat(eval("2015-04-30", "{\"list_join\": [\",\", []]}")).isEqualTo(json("\"\""));
        assertThat(eval("2015-10-15", "{\"list_join\": [\",\", []]}")).isEqualTo(json("\"\""));
        assertThat(eval("2015-10-15", "{\"list_join\": [\"-\", [\"a\", null, \"b\"], null, \"\"]}"))
                .isEqualTo(json("\"a--b\""));
    }

    @Test
    void fromLibertyListJoinWritesMapsAndListsAsJson() {
        assertThat(eval("2015-10-15", "{\"list_join\": [\",\", [{\"foo\": \"json\"}, {\"foo2\": \"json2\"}]]}"))
                .isEqualTo(json("\"{\\\"foo\\\": \\\"json\\\"},{\\\"foo2\\\": \\\"json2\\\"}\""));
        assertThat(failure("2015-04-30", "{\"list_join\": [\",\", [{\"foo\": \"json\"}, {\"foo2\": \"json2\"}]]}")
                .heatMessage()).isEqualTo("Items to join must be strings not {'foo': 'json'}");
        assertThat(failure("2015-10-15", "{\"list_join\": [\",\", [\"a\", 7]]}").heatMessage())
                .isEqualTo("Items to join must be string, map or list not 7");
        assertThat(failure("2015-10-15", "{\"list_join\": [\",\", [true]]}").heatMessage())
                .isEqualTo("Items to join must be string, map or list not True");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2015-04-30|\"bad\"|Incorrect arguments to \"list_join\" should be: \"list_join\" : [ \" \", [ \"str1\", \"str2\"]]",
        "2015-04-30|[\",\"]|Incorrect arguments to \"list_join\" should be: \"list_join\" : [ \" \", [ \"str1\", \"str2\"]]",
        "2015-04-30|[\",\", [\"a\"], [\"b\"]]|Incorrect arguments to \"list_join\" should be: \"list_join\" : [ \" \", [ \"str1\", \"str2\"]]",
        "2015-10-15|5|Incorrect arguments to \"list_join\" should be: \"list_join\" : [ \" \", [ \"str1\", \"str2\"] ...]",
        "2015-10-15|[\",\"]|Incorrect arguments to \"list_join\" should be: \"list_join\" : [ \" \", [ \"str1\", \"str2\"] ...]",
        "2015-10-15|[\",\", \"bad\", [\"foo\"]]|\"list_join\" must operate on a list",
        "2015-04-30|[\",\", \"bad\"]|\"list_join\" must operate on a list",
        "2015-10-15|[5, [\"foo\"]]|\"list_join\" delimiter must be a string",
    })
    void listJoinErrors(String version, String args, String message) {
        ExpressionException e = failure(version, "{\"list_join\": " + args + "}");
        assertThat(e.heatMessage()).isEqualTo(message);
        assertThat(e.path()).isEqualTo("list_join");
    }

    // ---------------------------------------------------------------- str_split

    @Test
    void strSplitSplitsAndOptionallyIndexes() {
        assertThat(eval("2015-10-15", "{\"str_split\": [\",\", \"bar,baz\"]}")).isEqualTo(json("[\"bar\", \"baz\"]"));
        assertThat(eval("2015-10-15", "{\"str_split\": [\",\", \"bar,baz\", 1]}")).isEqualTo(json("\"baz\""));
        assertThat(eval("2015-10-15", "{\"str_split\": [\",\", \"bar,baz\", \"1\"]}")).isEqualTo(json("\"baz\""));
        assertThat(eval("2015-10-15", "{\"str_split\": [\",\", \"bar,baz\", -1]}")).isEqualTo(json("\"baz\""));
        assertThat(eval("2015-10-15", "{\"str_split\": [\",\", \"a,,b,\"]}")).isEqualTo(json("[\"a\", \"\", \"b\", \"\"]"));
        assertThat(eval("2015-10-15", "{\"str_split\": [\".\", null]}")).isEqualTo(json("null"));
        // no delimiter: Python splits on runs of whitespace
        assertThat(eval("2015-10-15", "{\"str_split\": [null, \"check\"]}")).isEqualTo(json("[\"check\"]"));
        assertThat(eval("2015-10-15", "{\"str_split\": [null, \" a  b\\tc\\n\"]}")).isEqualTo(json("[\"a\", \"b\", \"c\"]"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "[\",\", \"bar,baz\", \"bad\"]|Incorrect index to \"str_split\" should be: \"str_split\" : [ \",\", \"apples,pears\", <index>]",
        "[\",\", \"bar,baz\", \"2\"]|Incorrect index to \"str_split\" should be between 0 and 1",
        "[\",\"]|Incorrect arguments to \"str_split\" should be: \"str_split\" : [ \",\", \"apples,pears\", <index>]",
        "[]|Incorrect arguments to \"str_split\" should be: \"str_split\" : [ \",\", \"apples,pears\", <index>]",
        "\"a,b\"|Incorrect arguments to \"str_split\" should be: \"str_split\" : [ \",\", \"apples,pears\", <index>]",
        "{\"a\": \"b\", \"c\": \"d\"}|Incorrect arguments to \"str_split\" should be: \"str_split\" : [ \",\", \"apples,pears\", <index>]",
        "[\"\", \"abc\"]|empty separator",
    })
    void strSplitErrors(String args, String message) {
        assertThat(failure("2015-10-15", "{\"str_split\": " + args + "}").heatMessage()).isEqualTo(message);
    }

    // ---------------------------------------------------------------- digest

    @ParameterizedTest
    @CsvSource({
        "md5,3858f62230ac3c915f300c664312c63f",
        "sha1,8843d7f92416211de9ebb963ff4ce28125932878",
        "sha224,de76c3e567fca9d246f5f8d3b2e704a38c3c5e258988ab525f941db8",
        "sha256,c3ab8ff13720e8ad9047dd39466b3c8974e592c2fa383d4a3960714caef0c4f2",
        "sha384,3c9c30d9f665e74d515c842960d4a451c83a0125fd3de7392d7b37231af10c72ea58aedfcdf89a5765bf902af93ecf06",
        "sha512,0a50261ebd1a390fed2bf326f2673c145582a6342d523204973d0219337f81616a8069b012587cf5635f6925f1b56c360230c19b273500ee013e030601bf2425",
        "SHA256,c3ab8ff13720e8ad9047dd39466b3c8974e592c2fa383d4a3960714caef0c4f2",
    })
    void digestHashesWithEachAlgorithm(String algorithm, String hex) {
        assertThat(eval("2015-04-30", "{\"digest\": [\"" + algorithm + "\", \"foobar\"]}")).isEqualTo(json("\"" + hex + "\""));
    }

    @Test
    void digestEncodesAsLatin1LikeHeat() {
        assertThat(eval("2015-04-30", "{\"digest\": [\"md5\", \"café\"]}"))
                .isEqualTo(json("\"961f50f6282239d09e48f812c1ca7276\""));
        assertThat(failure("2015-04-30", "{\"digest\": [\"md5\", \"a€\"]}").heatMessage())
                .isEqualTo("'latin-1' codec can't encode character '\\u20ac' in position 1: ordinal not in range(256)");
    }

    @Test
    void digestErrors() {
        for (String args : List.of("\"invalid\"", "{\"foo\": \"invalid\"}", "[123]")) {
            assertThat(failure("2015-04-30", "{\"digest\": " + args + "}").heatMessage())
                    .isEqualTo("Argument to function \"digest\" must be a list of strings");
        }
        for (String args : List.of("[]", "[\"foo\"]", "[\"md5\"]", "[\"md5\", \"foo\", \"bar\"]")) {
            assertThat(failure("2015-04-30", "{\"digest\": " + args + "}").heatMessage())
                    .isEqualTo("Function \"digest\" usage: [\"<algorithm>\", \"<value>\"]");
        }
        assertThat(failure("2015-04-30", "{\"digest\": [\"invalid_algorithm\", \"foobar\"]}").heatMessage())
                .isEqualTo("Algorithm must be one of {'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'}");
    }
}
