package io.hearth.template.template.params;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Python behaviour Heat's messages and conversions depend on; each expectation is what
 * CPython 3 gives for the same expression.
 */
class PyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @ParameterizedTest(name = "repr({0}) == {1}")
    @CsvSource(delimiter = '|', value = {
            "4.2|4.2", "100.0|100.0", "0.1|0.1", "0.30000000000000004|0.30000000000000004", "1e16|1e+16",
            "1e15|1000000000000000.0", "0.0001|0.0001", "0.00001|1e-05", "1.5e300|1.5e+300", "-2.5|-2.5",
            "123456789.123|123456789.123", "5e-324|5e-324", "1.7976931348623157e308|1.7976931348623157e+308"})
    void floatReprIsPythons(double value, String python) {
        assertThat(Py.floatRepr(value)).isEqualTo(python);
    }

    @Test
    void strAndReprFollowPython() throws Exception {
        assertThat(Py.str(json("[\"a\", 1, 2.0, true, null, {\"k\": \"v\"}]")))
                .isEqualTo("['a', 1, 2.0, True, None, {'k': 'v'}]");
        assertThat(Py.str(TextNode.valueOf("plain"))).isEqualTo("plain");
        assertThat(Py.reprString("it's")).isEqualTo("\"it's\"");
        assertThat(Py.reprString("say \"hi\"")).isEqualTo("'say \"hi\"'");
        assertThat(Py.reprString("it's \"x\"")).isEqualTo("'it\\'s \"x\"'");
        assertThat(Py.reprString("a\nb\t\u0001\\")).isEqualTo("'a\\nb\\t\\x01\\\\'");
        assertThat(Py.reprString("été")).isEqualTo("'été'");
    }

    @Test
    void truthinessIsPythons() throws Exception {
        for (String falsy : new String[] {"false", "null", "0", "0.0", "\"\"", "[]", "{}"}) {
            assertThat(Py.truthy(json(falsy))).as(falsy).isFalse();
        }
        for (String truthy : new String[] {"true", "1", "-0.5", "\"false\"", "[0]", "{\"a\": null}"}) {
            assertThat(Py.truthy(json(truthy))).as(truthy).isTrue();
        }
    }

    @Test
    void strToNumIsIntThenFloat() {
        assertThat(Py.strToNum(TextNode.valueOf("42"))).isEqualTo(IntNode.valueOf(42));
        assertThat(Py.strToNum(TextNode.valueOf(" -7\n"))).isEqualTo(IntNode.valueOf(-7));
        assertThat(Py.strToNum(TextNode.valueOf("1_000"))).isEqualTo(IntNode.valueOf(1000));
        assertThat(Py.strToNum(TextNode.valueOf("007"))).isEqualTo(IntNode.valueOf(7));
        assertThat(Py.strToNum(TextNode.valueOf("4.2"))).isEqualTo(DoubleNode.valueOf(4.2));
        assertThat(Py.strToNum(TextNode.valueOf("4."))).isEqualTo(DoubleNode.valueOf(4.0));
        assertThat(Py.strToNum(TextNode.valueOf(".5"))).isEqualTo(DoubleNode.valueOf(0.5));
        assertThat(Py.strToNum(TextNode.valueOf("1E3"))).isEqualTo(DoubleNode.valueOf(1000.0));
        assertThat(Py.strToNum(TextNode.valueOf("-Infinity")).doubleValue()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(Py.strToNum(TextNode.valueOf("123456789012345678901234567890")).bigIntegerValue())
                .hasToString("123456789012345678901234567890");
        for (String bad : new String[] {"abc", "", "1__0", "_1", "1_", "0x10", "1e", "4.2.1", "1,5"}) {
            assertThatThrownBy(() -> Py.strToNum(TextNode.valueOf(bad))).as(bad)
                    .hasMessage("could not convert string to float: " + Py.reprString(bad));
        }
        assertThatThrownBy(() -> Py.strToNum(Py.array()))
                .hasMessage("int() argument must be a string, a bytes-like object or a real number, not 'list'");
    }

    @Test
    void numbersCompareAndDivideAsInPython() throws Exception {
        assertThat(Py.equal(json("1"), json("1.0"))).isTrue();
        assertThat(Py.equal(json("true"), json("1"))).isTrue();
        assertThat(Py.equal(json("\"1\""), json("1"))).isFalse();
        assertThat(Py.compare(json("3"), json("2.5"))).isPositive();
        assertThat(Py.compare(json("9007199254740993"), json("9007199254740992.0"))).isPositive();
        assertThat(Py.mod(json("-7"), json("3"))).isEqualTo(IntNode.valueOf(2));
        assertThat(Py.mod(json("7"), json("-3"))).isEqualTo(IntNode.valueOf(-2));
        assertThat(Py.mod(json("5.5"), json("2"))).isEqualTo(DoubleNode.valueOf(1.5));
        assertThat(Py.mod(json("-5.5"), json("2"))).isEqualTo(DoubleNode.valueOf(0.5));
    }

    @Test
    void boolFromStringIsStrict() {
        for (String yes : new String[] {"1", "t", "true", "on", "y", "yes", "TRUE", " Yes "}) {
            assertThat(Py.boolFromString(TextNode.valueOf(yes))).as(yes).isTrue();
        }
        for (String no : new String[] {"0", "f", "false", "off", "n", "no", "False"}) {
            assertThat(Py.boolFromString(TextNode.valueOf(no))).as(no).isFalse();
        }
        assertThatThrownBy(() -> Py.boolFromString(TextNode.valueOf("maybe"))).hasMessage(
                "Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', "
                        + "'t', 'true', 'y', 'yes'");
    }

    @Test
    void jsonDumpsIsPythons() throws Exception {
        assertThat(Py.jsonDumps(json("{\"a\": [1, 2.5, true, null], \"b\": \"é\\n\"}")))
                .isEqualTo("{\"a\": [1, 2.5, true, null], \"b\": \"\\u00e9\\n\"}");
    }

    @Test
    void jsonLoadsReadsWhatPythonReads() throws Exception {
        assertThat(PyJson.loads(" {\"a\": [1, 2.5e1, \"x\\u00e9\"], \"b\": null} ")).isEqualTo(
                json("{\"a\": [1, 25.0, \"xé\"], \"b\": null}"));
        assertThat(PyJson.loads("42")).isEqualTo(IntNode.valueOf(42));
        assertThat(PyJson.loads("\"\\ud83d\\ude00\"").textValue()).isEqualTo("\uD83D\uDE00");
        assertThat(PyJson.loads("NaN").doubleValue()).isNaN();
    }

    @ParameterizedTest(name = "json.loads({0})")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "abc|Expecting value: line 1 column 1 (char 0)",
            "`   `|Expecting value: line 1 column 4 (char 3)",
            "{|Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
            "{'a': 1}|Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
            "{\"a\": 1,}|Expecting property name enclosed in double quotes: line 1 column 9 (char 8)",
            "[1,]|Expecting value: line 1 column 4 (char 3)",
            "[1|Expecting ',' delimiter: line 1 column 3 (char 2)",
            "{\"a\" 1}|Expecting ':' delimiter: line 1 column 6 (char 5)",
            "{\"a\": 1 \"b\": 2}|Expecting ',' delimiter: line 1 column 9 (char 8)",
            "{\"a\": 1} x|Extra data: line 1 column 10 (char 9)",
            "01|Extra data: line 1 column 2 (char 1)",
            "\"abc|Unterminated string starting at: line 1 column 1 (char 0)",
            "\"a\\x\"|Invalid \\escape: line 1 column 3 (char 2)",
            "\"\\u12\"|Invalid \\uXXXX escape: line 1 column 3 (char 2)",
            "tru|Expecting value: line 1 column 1 (char 0)"})
    void jsonLoadsFailsWithPythonsMessage(String text, String message) {
        assertThatThrownBy(() -> PyJson.loads(text)).hasMessage(message);
    }

    @Test
    void jsonLoadsCountsLinesAndControlCharacters() {
        assertThatThrownBy(() -> PyJson.loads("{\n  \"a\": }")).hasMessage("Expecting value: line 2 column 8 (char 9)");
        assertThatThrownBy(() -> PyJson.loads("\"a\tb\"")).hasMessage("Invalid control character at: line 1 column 3 (char 2)");
    }

    @Test
    void pythonPatternsCompile() {
        assertThat(Py.compilePattern("(?P<year>[0-9]{4})-(?P=year)").matcher("2024-2024").matches()).isTrue();
        assertThat(Py.compilePattern("abc\\Z").matcher("abc").find()).isTrue();
        assertThat(Py.compilePattern("\\d+").matcher("١٢٣").matches()).as("Unicode digits, as Python 3").isTrue();
    }
}
