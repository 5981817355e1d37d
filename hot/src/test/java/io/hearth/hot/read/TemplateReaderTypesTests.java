package io.hearth.hot.read;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * YAML values come out as Heat's loader (PyYAML's SafeLoader, timestamps kept as strings) makes
 * them, not as SnakeYAML's or Jackson's YAML readers would.
 */
class TemplateReaderTypesTests {

    private final TemplateReader reader = new TemplateReader();

    @Test
    void dateLikeVersionsStayStrings() {
        JsonNode template = read("""
                heat_template_version: 2018-08-31
                quoted: '2013-05-23'
                stamp: 2001-12-14t21:59:43.10-05:00
                spaced: 2001-12-14 21:59:43.10 -5
                tagged: !!timestamp 2002-12-14
                """);

        assertThat(template.get("heat_template_version").isTextual()).isTrue();
        assertThat(template.get("heat_template_version").textValue()).isEqualTo("2018-08-31");
        assertThat(template.get("quoted").textValue()).isEqualTo("2013-05-23");
        assertThat(template.get("stamp").textValue()).isEqualTo("2001-12-14t21:59:43.10-05:00");
        assertThat(template.get("spaced").textValue()).isEqualTo("2001-12-14 21:59:43.10 -5");
        assertThat(template.get("tagged").textValue()).isEqualTo("2002-12-14");
    }

    @Test
    void booleansAsInYaml11() {
        JsonNode t = read("""
                a: yes
                b: No
                c: ON
                d: off
                e: True
                f: false
                g: y
                h: n
                i: 'yes'
                j: !!bool "on"
                """);

        assertThat(t.get("a").booleanValue()).isTrue();
        assertThat(t.get("b").isBoolean()).isTrue();
        assertThat(t.get("b").booleanValue()).isFalse();
        assertThat(t.get("c").booleanValue()).isTrue();
        assertThat(t.get("d").booleanValue()).isFalse();
        assertThat(t.get("e").booleanValue()).isTrue();
        assertThat(t.get("f").booleanValue()).isFalse();
        // PyYAML does not take y and n for booleans
        assertThat(t.get("g").textValue()).isEqualTo("y");
        assertThat(t.get("h").textValue()).isEqualTo("n");
        assertThat(t.get("i").textValue()).isEqualTo("yes");
        assertThat(t.get("j").booleanValue()).isTrue();
    }

    @Test
    void integersAsPyYamlReadsThem() {
        JsonNode t = read("""
                decimal: 8004
                negative: -42
                plus: +7
                octal: 0755
                notOctal: 08
                hex: 0x1F
                binary: 0b1010
                underscores: 1_000_000
                sexagesimal: 1:30
                zero: -0
                big: 123456789012345678901234567890
                long: 9876543210
                quoted: "8004"
                tagged: !!int "12"
                """);

        assertThat(t.get("decimal").isInt()).isTrue();
        assertThat(t.get("decimal").intValue()).isEqualTo(8004);
        assertThat(t.get("negative").intValue()).isEqualTo(-42);
        assertThat(t.get("plus").intValue()).isEqualTo(7);
        assertThat(t.get("octal").intValue()).isEqualTo(493);
        assertThat(t.get("notOctal").textValue()).isEqualTo("08");
        assertThat(t.get("hex").intValue()).isEqualTo(31);
        assertThat(t.get("binary").intValue()).isEqualTo(10);
        assertThat(t.get("underscores").intValue()).isEqualTo(1_000_000);
        assertThat(t.get("sexagesimal").intValue()).isEqualTo(90);
        assertThat(t.get("zero").intValue()).isZero();
        assertThat(t.get("big").bigIntegerValue()).isEqualTo(new BigInteger("123456789012345678901234567890"));
        assertThat(t.get("long").isLong()).isTrue();
        assertThat(t.get("long").longValue()).isEqualTo(9_876_543_210L);
        assertThat(t.get("quoted").textValue()).isEqualTo("8004");
        assertThat(t.get("tagged").intValue()).isEqualTo(12);
    }

    @Test
    void floatsAsPyYamlReadsThem() {
        JsonNode t = read("""
                plain: 0.5
                leadingDot: .5
                trailingDot: 1.
                exponent: 1.5e+3
                exponentWithoutSign: 1.5e3
                noDot: 1e5
                sexagesimal: 1:30.5
                inf: -.inf
                nan: .NaN
                tagged: !!float 5
                """);

        assertThat(t.get("plain").doubleValue()).isEqualTo(0.5);
        assertThat(t.get("leadingDot").doubleValue()).isEqualTo(0.5);
        assertThat(t.get("trailingDot").isDouble()).isTrue();
        assertThat(t.get("trailingDot").doubleValue()).isEqualTo(1.0);
        assertThat(t.get("exponent").doubleValue()).isEqualTo(1500.0);
        // YAML 1.1 as PyYAML reads it wants a dot and a signed exponent
        assertThat(t.get("exponentWithoutSign").textValue()).isEqualTo("1.5e3");
        assertThat(t.get("noDot").textValue()).isEqualTo("1e5");
        assertThat(t.get("sexagesimal").doubleValue()).isEqualTo(90.5);
        assertThat(t.get("inf").doubleValue()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(t.get("nan").doubleValue()).isNaN();
        assertThat(t.get("tagged").isDouble()).isTrue();
        assertThat(t.get("tagged").doubleValue()).isEqualTo(5.0);
    }

    @Test
    void nullsAndStrings() {
        JsonNode t = read("""
                tilde: ~
                word: null
                upper: NULL
                empty:
                quoted: "null"
                tagged: !!null whatever
                forcedString: !!str 42
                nonSpecific: ! 42
                folded: >
                  one
                  two
                literal: |
                  one
                  two
                """);

        assertThat(t.get("tilde").isNull()).isTrue();
        assertThat(t.get("word").isNull()).isTrue();
        assertThat(t.get("upper").isNull()).isTrue();
        assertThat(t.has("empty")).isTrue();
        assertThat(t.get("empty").isNull()).isTrue();
        assertThat(t.get("quoted").textValue()).isEqualTo("null");
        assertThat(t.get("tagged").isNull()).isTrue();
        assertThat(t.get("forcedString").textValue()).isEqualTo("42");
        // PyYAML resolves the non-specific tag "!" like no tag at all
        assertThat(t.get("nonSpecific").intValue()).isEqualTo(42);
        assertThat(t.get("folded").textValue()).isEqualTo("one two\n");
        assertThat(t.get("literal").textValue()).isEqualTo("one\ntwo\n");
    }

    @Test
    void nonStringKeysBecomeWhatJsonDumpsMakesOfThem() {
        JsonNode t = read("""
                1: one
                0x10: sixteen
                yes: true-key
                ~: null-key
                1.5: float
                1.0e+20: big-float
                "2": quoted
                =: equals
                """);

        assertThat(t.get("1").textValue()).isEqualTo("one");
        assertThat(t.get("16").textValue()).isEqualTo("sixteen");
        assertThat(t.get("true").textValue()).isEqualTo("true-key");
        assertThat(t.get("null").textValue()).isEqualTo("null-key");
        assertThat(t.get("1.5").textValue()).isEqualTo("float");
        assertThat(t.get("1e+20").textValue()).isEqualTo("big-float");
        assertThat(t.get("2").textValue()).isEqualTo("quoted");
        assertThat(t.get("=").textValue()).isEqualTo("equals");
    }

    @Test
    void pythonFloatReprForKeys() {
        assertThat(NodeConverter.pythonFloatRepr(1.5)).isEqualTo("1.5");
        assertThat(NodeConverter.pythonFloatRepr(5.0)).isEqualTo("5.0");
        assertThat(NodeConverter.pythonFloatRepr(-0.0)).isEqualTo("-0.0");
        assertThat(NodeConverter.pythonFloatRepr(1e16)).isEqualTo("1e+16");
        assertThat(NodeConverter.pythonFloatRepr(1e15)).isEqualTo("1000000000000000.0");
        assertThat(NodeConverter.pythonFloatRepr(0.0001)).isEqualTo("0.0001");
        assertThat(NodeConverter.pythonFloatRepr(0.00001)).isEqualTo("1e-05");
        assertThat(NodeConverter.pythonFloatRepr(-2.5e-7)).isEqualTo("-2.5e-07");
        assertThat(NodeConverter.pythonFloatRepr(Double.POSITIVE_INFINITY)).isEqualTo("Infinity");
    }

    @Test
    void mergeKeysAsPyYamlAppliesThem() {
        JsonNode t = read("""
                a: &a {x: 1, y: 1}
                b: &b {y: 2, z: 2}
                own:
                  <<: *a
                  x: 0
                list:
                  <<: [*a, *b]
                nested:
                  <<: {<<: *b, w: 3}
                quoted:
                  "<<": not a merge
                """);

        assertThat(t.get("own").toString()).isEqualTo("{\"x\":0,\"y\":1}");
        // of a list of mappings, the earlier one wins
        assertThat(t.get("list").toString()).isEqualTo("{\"y\":1,\"z\":2,\"x\":1}");
        assertThat(t.get("nested").toString()).isEqualTo("{\"y\":2,\"z\":2,\"w\":3}");
        assertThat(t.get("quoted").get("<<").textValue()).isEqualTo("not a merge");
    }

    @Test
    void aliasesAreExpandedIntoSeparateValues() {
        JsonNode t = read("""
                base: &base {flavor: m1.small, networks: [private]}
                one: *base
                two: *base
                """);

        assertThat(t.get("one")).isEqualTo(t.get("base"));
        assertThat(t.get("two")).isEqualTo(t.get("base"));
        assertThat(t.get("one")).isNotSameAs(t.get("two"));
    }

    @Test
    void jsonValuesAsPythonsJsonReadsThem() {
        JsonNode t = read("""
                {"heat_template_version": "2018-08-31", "int": 1, "big": 123456789012345678901234567890,
                 "float": 1.0, "exp": 1E5, "nan": NaN, "inf": -Infinity, "t": true, "n": null}
                """);

        assertThat(t.get("heat_template_version").textValue()).isEqualTo("2018-08-31");
        assertThat(t.get("int").isInt()).isTrue();
        assertThat(t.get("big").isBigInteger()).isTrue();
        assertThat(t.get("float").isDouble()).isTrue();
        assertThat(t.get("exp").doubleValue()).isEqualTo(100000.0);
        assertThat(t.get("nan").doubleValue()).isNaN();
        assertThat(t.get("inf").doubleValue()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(t.get("t").booleanValue()).isTrue();
        assertThat(t.get("n").isNull()).isTrue();
    }

    @Test
    void textThatIsNotJsonIsReadAsYamlAsHeatDoes() {
        // a flow mapping with unquoted keys and a date: not JSON, so Heat's json.loads fails
        // and PyYAML reads it
        JsonNode t = read("{heat_template_version: 2018-08-31, resources: {a: {type: T}}}");

        assertThat(t.get("heat_template_version").textValue()).isEqualTo("2018-08-31");
        assertThat(t.get("resources").get("a").get("type").textValue()).isEqualTo("T");
    }

    @Test
    void aByteOrderMarkIsSkipped() {
        byte[] bytes = "\uFEFFheat_template_version: 2018-08-31\n".getBytes(StandardCharsets.UTF_8);
        ReadResult result = reader.readTemplate(bytes);

        assertThat(result.problems()).isEmpty();
        assertThat(result.document().get("heat_template_version").textValue()).isEqualTo("2018-08-31");
        assertThat(result.sourceMap().locate("heat_template_version"))
                .contains(new SourceLocation("template", 1, 24));
    }

    private JsonNode read(String text) {
        ReadResult result = reader.readTemplate(text);
        assertThat(result.problems()).as("problems reading %s", text).isEmpty();
        assertThat(result.warnings()).as("warnings reading %s", text).isEmpty();
        return result.document();
    }
}
