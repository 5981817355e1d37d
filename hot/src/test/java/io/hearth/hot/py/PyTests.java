package io.hearth.hot.py;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Python behaviour Heat's results, messages and conversions depend on; each expectation is what
 * CPython 3 (3.11) gives for the same expression.
 */
class PyTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ------------------------------------------------------------------ repr(float)

    @ParameterizedTest(name = "repr({0}) == {1}")
    @CsvSource(delimiter = '|', value = {
            "4.2|4.2", "100.0|100.0", "0.1|0.1", "0.30000000000000004|0.30000000000000004", "1e16|1e+16",
            "1e15|1000000000000000.0", "0.0001|0.0001", "0.00001|1e-05", "1.5e300|1.5e+300", "-2.5|-2.5",
            "123456789.123|123456789.123", "5e-324|5e-324", "1.7976931348623157e308|1.7976931348623157e+308",
            "1.5e-5|1.5e-05", "-0.0|-0.0", "2.5|2.5", "123456789012345678.0|1.2345678901234568e+17", "3.0|3.0",
            "123456.789|123456.789", "2e23|2e+23", "9007199254740993|9007199254740992.0",
            // Java 17's Double.toString is not always shortest: it writes -4.5895500000000003E20, 4.9E-324 ...
            "-4.58955e20|-4.58955e+20", "1.827155082367101e16|1.827155082367101e+16", "8e-323|8e-323",
            // ... and the nearest 16 digits do not always read back next to a power of two, where a shorter does
            "7.120236347223045e-307|7.120236347223045e-307", "5.641232424577593e-278|5.641232424577593e-278"})
    void floatReprIsPythons(double value, String python) {
        assertThat(Py.floatRepr(value)).isEqualTo(python);
    }

    @Test
    void floatReprOfComputedAndSpecialValues() {
        assertThat(Py.floatRepr(0.1 + 0.2)).isEqualTo("0.30000000000000004");
        assertThat(Py.floatRepr(Double.NaN)).isEqualTo("nan");
        assertThat(Py.floatRepr(Double.POSITIVE_INFINITY)).isEqualTo("inf");
        assertThat(Py.floatRepr(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
    }

    // ------------------------------------------------------------------ str, repr, type names

    @Test
    void strAndReprFollowPython() {
        assertThat(Py.str(json("[\"a\", 1, 2.0, true, null, {\"k\": \"v\"}]")))
                .isEqualTo("['a', 1, 2.0, True, None, {'k': 'v'}]");
        assertThat(Py.str(TextNode.valueOf("plain"))).isEqualTo("plain");
        assertThat(Py.repr(json("[{\"a\": null, \"b\": [true, 1.0]}]"))).isEqualTo("[{'a': None, 'b': [True, 1.0]}]");
        assertThat(Py.repr(json("{\"a\": [1, 2.5, true, null, \"it's\"]}")))
                .isEqualTo("{'a': [1, 2.5, True, None, \"it's\"]}");
        assertThat(Py.repr(TextNode.valueOf("plain"))).isEqualTo("'plain'");
        assertThat(Py.str(null)).isEqualTo("None");
        assertThat(Py.str(json("123456789012345678901234567890"))).isEqualTo("123456789012345678901234567890");
    }

    @Test
    void reprOfAStringQuotesAndEscapesAsPython() {
        assertThat(Py.reprString("it's")).isEqualTo("\"it's\"");
        assertThat(Py.reprString("say \"hi\"")).isEqualTo("'say \"hi\"'");
        assertThat(Py.reprString("it's \"x\"")).isEqualTo("'it\\'s \"x\"'");
        assertThat(Py.reprString("both ' and \"")).isEqualTo("'both \\' and \"'");
        assertThat(Py.reprString("a\nb\t\u0001\\")).isEqualTo("'a\\nb\\t\\x01\\\\'");
        assertThat(Py.reprString("tab\tnl\n\u0001é")).isEqualTo("'tab\\tnl\\n\\x01é'");
        assertThat(Py.reprString("été")).isEqualTo("'été'");
        // characters Python does not print: a control, a no-break space, a line separator, a private use one
        assertThat(Py.reprString("\u007f \u00a0\u2028\ue000\uD83D\uDE00")).isEqualTo("'\\x7f \\xa0\\u2028\\ue000\uD83D\uDE00'");
    }

    @Test
    void typeNamesArePythons() {
        assertThat(List.of("null", "true", "1", "1.5", "\"s\"", "[]", "{}").stream().map(t -> Py.typeName(json(t))))
                .containsExactly("NoneType", "bool", "int", "float", "str", "list", "dict");
        assertThat(Py.typeName(null)).isEqualTo("NoneType");
    }

    @Test
    void truthinessIsPythons() {
        for (String falsy : new String[] {"false", "null", "0", "0.0", "-0.0", "\"\"", "[]", "{}"}) {
            assertThat(Py.truthy(json(falsy))).as(falsy).isFalse();
        }
        for (String truthy : new String[] {"true", "1", "-0.5", "\"false\"", "[0]", "{\"a\": null}"}) {
            assertThat(Py.truthy(json(truthy))).as(truthy).isTrue();
        }
        assertThat(Py.truthy(DoubleNode.valueOf(Double.NaN))).as("bool(float('nan'))").isTrue();
        assertThat(Py.truthy(null)).isFalse();
    }

    // ------------------------------------------------------------------ ==, in, ordering, %

    @Test
    void equalityIsPythons() {
        assertThat(Py.eq(json("1"), json("1.0"))).isTrue();
        assertThat(Py.eq(json("true"), json("1"))).isTrue();
        assertThat(Py.eq(json("\"1\""), json("1"))).isFalse();
        assertThat(Py.eq(json("{\"a\": [1, {\"b\": null}]}"), json("{\"a\": [1.0, {\"b\": null}]}"))).isTrue();
        assertThat(Py.eq(json("null"), json("false"))).isFalse();
        assertThat(Py.eq(json("null"), NullNode.getInstance())).isTrue();
        assertThat(Py.eq(json("{\"a\": 1, \"b\": 2}"), json("{\"b\": 2, \"a\": 1}"))).isTrue();
        assertThat(Py.eq(json("[1, 2]"), json("[2, 1]"))).isFalse();
        // exact between int and float, as Python: 10**23 != 1e23, 2**53 + 1 != 2.0**53
        assertThat(Py.eq(json("100000000000000000000000"), json("1e23"))).isFalse();
        assertThat(Py.eq(json("9007199254740993"), json("9007199254740992.0"))).isFalse();
        assertThat(Py.eq(json("9007199254740992"), json("9007199254740992.0"))).isTrue();
        assertThat(Py.eq(DoubleNode.valueOf(Double.POSITIVE_INFINITY), DoubleNode.valueOf(Double.POSITIVE_INFINITY)))
                .as("inf == inf").isTrue();
        assertThat(Py.eq(DoubleNode.valueOf(Double.NaN), DoubleNode.valueOf(Double.NaN))).as("nan == nan").isFalse();
        assertThat(Py.eq(IntNode.valueOf(5), LongNode.valueOf(5))).isTrue();
    }

    @Test
    void membershipIsPythons() {
        assertThat(Py.in(json("1"), json("[\"1\", 1.0]"))).isTrue();
        assertThat(Py.in(json("true"), json("[1]"))).isTrue();
        assertThat(Py.in(json("\"a\""), json("[\"b\", null]"))).isFalse();
        assertThat(Py.in(json("[1]"), json("[[1.0]]"))).isTrue();
    }

    @Test
    void numbersCompareAndDivideAsInPython() {
        assertThat(Py.eq(json("1"), json("1.0"))).isTrue();
        assertThat(Py.eq(json("true"), json("1"))).isTrue();
        assertThat(Py.eq(json("\"1\""), json("1"))).isFalse();
        assertThat(Py.compare(json("3"), json("2.5"))).isPositive();
        assertThat(Py.compare(json("9007199254740993"), json("9007199254740992.0"))).isPositive();
        assertThat(Py.mod(json("-7"), json("3"))).isEqualTo(IntNode.valueOf(2));
        assertThat(Py.mod(json("7"), json("-3"))).isEqualTo(IntNode.valueOf(-2));
        assertThat(Py.mod(json("5.5"), json("2"))).isEqualTo(DoubleNode.valueOf(1.5));
        assertThat(Py.mod(json("-5.5"), json("2"))).isEqualTo(DoubleNode.valueOf(0.5));
    }

    @Test
    void orderingCountsBoolsAsIntsAndInfinitiesAsPythonDoes() {
        assertThat(Py.compare(json("true"), json("1"))).isZero();
        assertThat(Py.compare(json("false"), json("0.5"))).isNegative();
        assertThat(Py.compare(json("100000000000000000000000000000"),
                DoubleNode.valueOf(Double.POSITIVE_INFINITY))).isNegative();
        assertThat(Py.compare(DoubleNode.valueOf(Double.NEGATIVE_INFINITY), json("-5"))).isNegative();
        assertThat(Py.compare(DoubleNode.valueOf(Double.POSITIVE_INFINITY), DoubleNode.valueOf(Double.POSITIVE_INFINITY)))
                .isZero();
        assertThat(Py.compare(DoubleNode.valueOf(Double.NaN), json("1"))).as("unordered").isNull();
        assertThatThrownBy(() -> Py.compare(json("\"1\""), json("1")))
                .hasMessage("'<' not supported between instances of 'str' and 'int'");
    }

    @Test
    void moduloOfBoolsAndByZeroIsPythons() {
        assertThat(Py.mod(json("true"), json("2"))).isEqualTo(IntNode.valueOf(1));
        assertThat(Py.mod(json("5.5"), json("true"))).isEqualTo(DoubleNode.valueOf(0.5));
        assertThat(Py.mod(json("6"), json("-3"))).isEqualTo(IntNode.valueOf(0));
        assertThat(Py.mod(json("6.0"), json("-3")).doubleValue()).isEqualTo(-0.0);
        assertThatThrownBy(() -> Py.mod(json("5"), json("0"))).isInstanceOfSatisfying(PyError.class,
                e -> assertThat(e.pythonType()).isEqualTo("ZeroDivisionError")).hasMessage("integer modulo by zero");
        assertThatThrownBy(() -> Py.mod(json("5.0"), json("0"))).hasMessage("float modulo");
    }

    // ------------------------------------------------------------------ int(), float(), str_to_num

    @Test
    void intParsingIsPythons() {
        assertThat(Py.parseInt(" 1_000 ")).isEqualTo(BigInteger.valueOf(1000));
        assertThat(Py.parseInt("+5")).isEqualTo(BigInteger.valueOf(5));
        assertThat(Py.parseInt("-0")).isEqualTo(BigInteger.ZERO);
        assertThat(Py.parseInt("1__0")).isNull();
        assertThat(Py.parseInt("1.0")).isNull();
        assertThat(Py.parseInt("")).isNull();
        assertThat(Py.parseInt("_1")).isNull();
    }

    @Test
    void intAndFloatReadUnicodeDigitsAndStripUnicodeSpaceAsPython() {
        assertThat(Py.parseInt("١٢٣")).isEqualTo(BigInteger.valueOf(123));
        assertThat(Py.parseInt("\uD835\uDFCF")).as("MATHEMATICAL BOLD DIGIT ONE").isEqualTo(BigInteger.ONE);
        assertThat(Py.parseInt("\u00a042\u2003\u0085")).isEqualTo(BigInteger.valueOf(42));
        assertThat(Py.parseInt("- 1")).isNull();
        assertThat(Py.parseFloat("١.٥")).isEqualTo(1.5);
        assertThat(Py.parseFloat("1_0.5")).isEqualTo(10.5);
        assertThat(Py.parseFloat("\u00a0-iNfInItY ")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(Py.parseFloat("+nan")).isNaN();
        assertThat(Py.parseFloat("1e400")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Py.parseFloat("1e_5")).isNull();
        assertThat(Py.parseFloat(".")).isNull();
    }

    @Test
    void intOfAValueIsPythons() {
        assertThat(Py.toInt(json("true"))).isEqualTo(BigInteger.ONE);
        assertThat(Py.toInt(json("-1.9"))).isEqualTo(BigInteger.valueOf(-1));
        assertThat(Py.toInt(json("\" 7 \""))).isEqualTo(BigInteger.valueOf(7));
        assertThatThrownBy(() -> Py.toInt(json("\"1.5\""))).isInstanceOfSatisfying(PyError.class,
                e -> assertThat(e.isValueError()).isTrue()).hasMessage("invalid literal for int() with base 10: '1.5'");
        assertThatThrownBy(() -> Py.toInt(DoubleNode.valueOf(Double.NaN))).hasMessage("cannot convert float NaN to integer");
        assertThatThrownBy(() -> Py.toInt(DoubleNode.valueOf(Double.POSITIVE_INFINITY)))
                .isInstanceOfSatisfying(PyError.class, e -> assertThat(e.pythonType()).isEqualTo("OverflowError"))
                .hasMessage("cannot convert float infinity to integer");
        assertThatThrownBy(() -> Py.toInt(json("[]"))).isInstanceOfSatisfying(PyError.class,
                e -> assertThat(e.isTypeError()).isTrue())
                .hasMessage("int() argument must be a string, a bytes-like object or a real number, not 'list'");
        assertThatThrownBy(() -> Py.toInt(null))
                .hasMessage("int() argument must be a string, a bytes-like object or a real number, not 'NoneType'");
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
        assertThatThrownBy(() -> Py.strToNum(JsonNodeFactory.instance.arrayNode()))
                .hasMessage("int() argument must be a string, a bytes-like object or a real number, not 'list'");
    }

    @Test
    void strToNumKeepsANumberOrABoolAsItIs() {
        // Heat: "if isinstance(value, numbers.Number): return value" (a bool is a Number)
        assertThat(Py.strToNum(BooleanNode.TRUE)).isSameAs(BooleanNode.TRUE);
        assertThat(Py.strToNum(json("2.5"))).isEqualTo(DoubleNode.valueOf(2.5));
        assertThat(Py.strToNum(LongNode.valueOf(3))).isEqualTo(LongNode.valueOf(3));
        assertThatThrownBy(() -> Py.strToNum(NullNode.getInstance())).isInstanceOfSatisfying(PyError.class,
                e -> assertThat(e.isTypeError()).isTrue())
                .hasMessage("int() argument must be a string, a bytes-like object or a real number, not 'NoneType'");
    }

    @Test
    void integersTakeTheSmallestNode() {
        assertThat(Py.integer(BigInteger.valueOf(7))).isEqualTo(IntNode.valueOf(7));
        assertThat(Py.integer(BigInteger.valueOf(1L << 40))).isEqualTo(LongNode.valueOf(1L << 40));
        assertThat(Py.integer(BigInteger.TWO.pow(70)).bigIntegerValue()).isEqualTo(BigInteger.TWO.pow(70));
    }

    // ------------------------------------------------------------------ bool_from_string

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
    void boolFromStringTakesOtherValuesThroughStr() {
        assertThat(Py.boolFromString(BooleanNode.FALSE)).isFalse();
        assertThat(Py.boolFromString(json("1"))).isTrue();
        assertThatThrownBy(() -> Py.boolFromString(json("2"))).isInstanceOfSatisfying(PyError.class,
                e -> assertThat(e.isValueError()).isTrue()).hasMessageStartingWith("Unrecognized value '2', ");
    }

    // ------------------------------------------------------------------ strings

    @Test
    void stringMethodsArePythons() {
        assertThat(Py.len("a\uD83D\uDE00")).isEqualTo(2);
        assertThat(Py.len(json("{\"a\": 1}"))).isEqualTo(1);
        assertThatThrownBy(() -> Py.len(json("5"))).hasMessage("object of type 'int' has no len()");
        assertThat(Py.prefix("\uD83D\uDE00bc", 2)).isEqualTo("\uD83D\uDE00b");
        assertThat(Py.strip("\u2003 x\t\n")).isEqualTo("x");
        assertThat(Py.split("a,,b,", ",")).containsExactly("a", "", "b", "");
        assertThat(Py.splitWhitespace("  a \u00a0b\n")).containsExactly("a", "b");
        assertThat(Py.replace("ab", "", "-")).isEqualTo("-a-b-");
        assertThat(Py.compareCodePoints("\uFFFF", "\uD83D\uDE00")).as("by code point, not UTF-16 unit").isNegative();
    }

    @Test
    void urlQuotingIsPythons() {
        assertThat(Py.quote("a b/c:d~é", "/")).isEqualTo("a%20b/c%3Ad~%C3%A9");
        assertThat(Py.quotePlus("a b&c")).isEqualTo("a+b%26c");
    }

    // ------------------------------------------------------------------ json.dumps

    @Test
    void jsonDumpsIsPythons() {
        assertThat(PyJson.dumps(json("{\"a\": [1, 2.5, true, null], \"b\": \"é\\n\"}"), false))
                .isEqualTo("{\"a\": [1, 2.5, true, null], \"b\": \"\\u00e9\\n\"}");
    }

    @Test
    void jsonDumpsIsPythonsWithSortedKeys() {
        assertThat(PyJson.dumps(json("""
                {"z": [1, 2.5, null, true, false], "a": "é\\n\\"\\\\", "c": 1e20, "m": {"y": 1, "x": {}}}"""), true))
                .isEqualTo("{\"a\": \"\\u00e9\\n\\\"\\\\\", \"c\": 1e+20, \"m\": {\"x\": {}, \"y\": 1}, "
                        + "\"z\": [1, 2.5, null, true, false]}");
    }

    @Test
    void jsonDumpsKeepsKeyOrderUnlessSortingAndWritesWhatPythonWrites() {
        assertThat(PyJson.dumps(json("{\"b\": 1, \"a\": {\"d\": 2, \"c\": 3}}"), false))
                .isEqualTo("{\"b\": 1, \"a\": {\"d\": 2, \"c\": 3}}");
        assertThat(PyJson.dumps(TextNode.valueOf("\uD83D\uDE00\u007f"), false)).isEqualTo("\"\\ud83d\\ude00\\u007f\"");
        assertThat(PyJson.dumps(DoubleNode.valueOf(Double.NEGATIVE_INFINITY), true)).isEqualTo("-Infinity");
    }

    // ------------------------------------------------------------------ json.loads

    @Test
    void jsonLoadsReadsWhatPythonReads() {
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
        assertThatThrownBy(() -> PyJson.loads(text)).isInstanceOfSatisfying(PyError.class,
                e -> assertThat(e.isValueError()).isTrue()).hasMessage(message);
    }

    @Test
    void jsonLoadsCountsLinesAndControlCharacters() {
        assertThatThrownBy(() -> PyJson.loads("{\n  \"a\": }")).hasMessage("Expecting value: line 2 column 8 (char 9)");
        assertThatThrownBy(() -> PyJson.loads("\"a\tb\"")).hasMessage("Invalid control character at: line 1 column 3 (char 2)");
    }

    // ------------------------------------------------------------------ re

    @Test
    void pythonPatternsCompile() {
        assertThat(Py.compilePattern("(?P<year>[0-9]{4})-(?P=year)").matcher("2024-2024").matches()).isTrue();
        assertThat(Py.compilePattern("abc\\Z").matcher("abc").find()).isTrue();
        assertThat(Py.compilePattern("\\d+").matcher("١٢٣").matches()).as("Unicode digits, as Python 3").isTrue();
    }
}
