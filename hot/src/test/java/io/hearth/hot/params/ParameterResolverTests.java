package io.hearth.hot.params;

import static io.hearth.hot.params.ParameterParserTests.messages;
import static io.hearth.hot.params.ParameterParserTests.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.TemplateProblem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Resolving values: conversion to each type, constraints, precedence, masking; Heat's messages throughout. */
class ParameterResolverTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** A request's parameters: name, JSON text, name, JSON text, ... */
    private static Map<String, JsonNode> params(String... namesAndJson) {
        Map<String, JsonNode> params = new LinkedHashMap<>();
        for (int i = 0; i < namesAndJson.length; i += 2) {
            params.put(namesAndJson[i], json(namesAndJson[i + 1]));
        }
        return params;
    }

    private static ResolvedParameters resolve(String template, Map<String, JsonNode> request) {
        return ParameterResolver.resolve(ParameterParser.parse(yaml(template)), null, null, request);
    }

    /** Resolves a single parameter "p" declared by {@code definition} (YAML flow mapping) with one value. */
    private static ResolvedParameters one(String definition, String valueJson) {
        return resolve("heat_template_version: 2018-08-31\nparameters:\n  p: " + definition + "\n",
                valueJson == null ? Map.of() : params("p", valueJson));
    }

    private static JsonNode valueOf(String definition, String valueJson) {
        ResolvedParameters resolved = one(definition, valueJson);
        assertThat(resolved.problems()).isEmpty();
        return resolved.values().get("p");
    }

    private static List<String> problemsOf(String definition, String valueJson) {
        return messages(one(definition, valueJson).problems());
    }

    @Nested
    class Numbers {

        @Test
        void fromTextAsPythonReadsIt() {
            assertThat(valueOf("{type: number}", "\"42\"")).isEqualTo(IntNode.valueOf(42));
            assertThat(valueOf("{type: number}", "\"4.2\"")).isEqualTo(DoubleNode.valueOf(4.2));
            assertThat(valueOf("{type: number}", "\" -7 \"")).isEqualTo(IntNode.valueOf(-7));
            assertThat(valueOf("{type: number}", "\"1e3\"")).isEqualTo(DoubleNode.valueOf(1000.0));
            assertThat(valueOf("{type: number}", "\"4.0\"")).isEqualTo(DoubleNode.valueOf(4.0));
        }

        @Test
        void fromJsonNumbers() {
            assertThat(valueOf("{type: number}", "42")).isEqualTo(IntNode.valueOf(42));
            assertThat(valueOf("{type: number}", "2.5")).isEqualTo(DoubleNode.valueOf(2.5));
            assertThat(valueOf("{type: number, default: 50000}", null)).isEqualTo(IntNode.valueOf(50000));
            assertThat(valueOf("{type: number, default: \"8\"}", null)).isEqualTo(IntNode.valueOf(8));
        }

        @Test
        void refusesWhatIsNotANumber() {
            assertThat(problemsOf("{type: number}", "\"abc\"")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: could not convert string to float: 'abc'");
            assertThat(problemsOf("{type: number}", "\"\"")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: could not convert string to float: ''");
            assertThat(problemsOf("{type: number}", "[1]")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: int() argument must be a string, a bytes-like object "
                            + "or a real number, not 'list'");
            assertThat(problemsOf("{type: number, default: many}", null)).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: could not convert string to float: 'many'");
        }
    }

    @Nested
    class Booleans {

        @ParameterizedTest
        @ValueSource(strings = {"\"true\"", "\"True\"", "\"yes\"", "\"YES\"", "\"1\"", "\"on\"", "\"t\"", "\"y\"",
                "\" yes \"", "true", "1"})
        void trueWords(String value) {
            assertThat(valueOf("{type: boolean}", value)).isEqualTo(BooleanNode.TRUE);
        }

        @ParameterizedTest
        @ValueSource(strings = {"\"false\"", "\"no\"", "\"0\"", "\"off\"", "\"f\"", "\"n\"", "\"No\"", "false", "0"})
        void falseWords(String value) {
            assertThat(valueOf("{type: boolean}", value)).isEqualTo(BooleanNode.FALSE);
        }

        @Test
        void refusesOtherWords() {
            String acceptable = "acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', "
                    + "'y', 'yes'";
            assertThat(problemsOf("{type: boolean}", "\"maybe\"")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: Unrecognized value 'maybe', " + acceptable);
            assertThat(problemsOf("{type: boolean}", "2")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: Unrecognized value '2', " + acceptable);
            assertThat(problemsOf("{type: boolean}", "\"\"")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: Unrecognized value '', " + acceptable);
        }

        @Test
        void defaultsToo() {
            assertThat(valueOf("{type: boolean, default: true}", null)).isEqualTo(BooleanNode.TRUE);
            assertThat(valueOf("{type: boolean, default: \"off\"}", null)).isEqualTo(BooleanNode.FALSE);
        }
    }

    @Nested
    class CommaDelimitedLists {

        @Test
        void fromText() {
            assertThat(valueOf("{type: comma_delimited_list}", "\"a,b,c\"")).isEqualTo(json("[\"a\", \"b\", \"c\"]"));
            assertThat(valueOf("{type: comma_delimited_list}", "\"a, b\"")).as("items are not trimmed")
                    .isEqualTo(json("[\"a\", \" b\"]"));
            assertThat(valueOf("{type: comma_delimited_list}", "\"a,,b,\"")).isEqualTo(json("[\"a\", \"\", \"b\", \"\"]"));
            assertThat(valueOf("{type: comma_delimited_list}", "\"one\"")).isEqualTo(json("[\"one\"]"));
            assertThat(valueOf("{type: comma_delimited_list}", "\"\"")).isEqualTo(json("[]"));
        }

        @Test
        void fromJsonListsEachItemAsPythonStr() {
            assertThat(valueOf("{type: comma_delimited_list}", "[\"x\", 1, 2.5, true, null]"))
                    .isEqualTo(json("[\"x\", \"1\", \"2.5\", \"True\", \"None\"]"));
            assertThat(valueOf("{type: comma_delimited_list, default: [4, 5, 6]}", null))
                    .isEqualTo(json("[\"4\", \"5\", \"6\"]"));
        }

        @Test
        void refusesOtherJson() {
            assertThat(problemsOf("{type: comma_delimited_list}", "5")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: Value must be a comma-delimited list string: 'int' "
                            + "object has no attribute 'split'");
            assertThat(problemsOf("{type: comma_delimited_list}", "{\"a\": 1}")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: Value must be a comma-delimited list string: 'dict' "
                            + "object has no attribute 'split'");
        }
    }

    @Nested
    class Json {

        @Test
        void fromTextOrJson() {
            assertThat(valueOf("{type: json}", "\"{\\\"a\\\": [1, 2]}\"")).isEqualTo(json("{\"a\": [1, 2]}"));
            assertThat(valueOf("{type: json}", "{\"a\": [1, 2]}")).isEqualTo(json("{\"a\": [1, 2]}"));
            assertThat(valueOf("{type: json}", "\"[1, \\\"x\\\"]\"")).isEqualTo(json("[1, \"x\"]"));
            assertThat(valueOf("{type: json}", "\"42\"")).isEqualTo(IntNode.valueOf(42));
            assertThat(valueOf("{type: json, default: {k: v}}", null)).isEqualTo(json("{\"k\": \"v\"}"));
            assertThat(valueOf("{type: json}", "\"\"")).as("Heat leaves empty text as it is")
                    .isEqualTo(TextNode.valueOf(""));
        }

        @Test
        void refusesTextThatIsNotJson() {
            assertThat(problemsOf("{type: json}", "\"{bad\"")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: Value must be valid JSON: Expecting property name "
                            + "enclosed in double quotes: line 1 column 2 (char 1)");
            assertThat(problemsOf("{type: json}", "\"{'a': 1}\"")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: Value must be valid JSON: Expecting property name "
                            + "enclosed in double quotes: line 1 column 2 (char 1)");
            assertThat(problemsOf("{type: json}", "\"not json\"")).containsExactly(
                    "parameters.p: Parameter 'p' is invalid: Value must be valid JSON: Expecting value: line 1 "
                            + "column 1 (char 0)");
        }
    }

    @Nested
    class Strings {

        @Test
        void anyJsonBecomesPythonStr() {
            assertThat(valueOf("{type: string}", "\"abc\"")).isEqualTo(TextNode.valueOf("abc"));
            assertThat(valueOf("{type: string}", "42")).isEqualTo(TextNode.valueOf("42"));
            assertThat(valueOf("{type: string}", "4.0")).isEqualTo(TextNode.valueOf("4.0"));
            assertThat(valueOf("{type: string}", "true")).isEqualTo(TextNode.valueOf("True"));
            assertThat(valueOf("{type: string, default: 8080}", null)).isEqualTo(TextNode.valueOf("8080"));
        }
    }

    @Nested
    class ConstraintsOnValues {

        @Test
        void length() {
            String definition = "{type: string, constraints: [{length: {min: 3, max: 5}}]}";
            assertThat(valueOf(definition, "\"abc\"")).isEqualTo(TextNode.valueOf("abc"));
            assertThat(valueOf(definition, "\"ééééé\"")).as("characters, not bytes").isEqualTo(TextNode.valueOf("ééééé"));
            assertThat(one(definition, "\"ab\"").problems()).containsExactly(new TemplateProblem(
                    "parameters.p.constraints[0].length",
                    "Parameter 'p' is invalid: length (2) is out of range (min: 3, max: 5)"));
            assertThat(problemsOf("{type: string, constraints: [{length: {min: 3}}]}", "\"ab\"")).containsExactly(
                    "parameters.p.constraints[0].length: Parameter 'p' is invalid: length (2) is out of range "
                            + "(min: 3, max: None)");
            assertThat(problemsOf("{type: comma_delimited_list, constraints: [{length: {max: 2}}]}", "\"a,b,c\""))
                    .containsExactly("parameters.p.constraints[0].length: Parameter 'p' is invalid: length (3) is out "
                            + "of range (min: None, max: 2)");
            assertThat(problemsOf("{type: json, constraints: [{length: {max: 1}}]}", "{\"a\": 1, \"b\": 2}"))
                    .containsExactly("parameters.p.constraints[0].length: Parameter 'p' is invalid: length (2) is out "
                            + "of range (min: None, max: 1)");
        }

        @Test
        void range() {
            String definition = "{type: number, constraints: [{range: {min: 1, max: 65535}}]}";
            assertThat(valueOf(definition, "\"80\"")).isEqualTo(IntNode.valueOf(80));
            assertThat(valueOf(definition, "65535")).isEqualTo(IntNode.valueOf(65535));
            assertThat(problemsOf(definition, "\"70000\"")).containsExactly("parameters.p.constraints[0].range: "
                    + "Parameter 'p' is invalid: 70000 is out of range (min: 1, max: 65535)");
            assertThat(problemsOf(definition, "0")).containsExactly("parameters.p.constraints[0].range: "
                    + "Parameter 'p' is invalid: 0 is out of range (min: 1, max: 65535)");
            assertThat(problemsOf("{type: number, constraints: [{range: {min: 0.5}}]}", "0.25")).containsExactly(
                    "parameters.p.constraints[0].range: Parameter 'p' is invalid: 0.25 is out of range (min: 0.5, "
                            + "max: None)");
            assertThat(problemsOf("{type: number, constraints: [{range: {max: 10}}]}", "\"010.50\"")).as(
                    "the value as given").containsExactly("parameters.p.constraints[0].range: Parameter 'p' is "
                    + "invalid: 010.50 is out of range (min: None, max: 10)");
        }

        @Test
        void modulo() {
            String definition = "{type: number, constraints: [{modulo: {step: 2, offset: 0}}]}";
            assertThat(valueOf(definition, "\"8\"")).isEqualTo(IntNode.valueOf(8));
            assertThat(problemsOf(definition, "\"7\"")).containsExactly("parameters.p.constraints[0].modulo: "
                    + "Parameter 'p' is invalid: 7 is not a multiple of 2 with an offset of 0)");
            // Python's % takes the divisor's sign: 5 % -3 == -1.
            assertThat(valueOf("{type: number, constraints: [{modulo: {step: -3, offset: -1}}]}", "5"))
                    .isEqualTo(IntNode.valueOf(5));
            assertThat(valueOf("{type: number, constraints: [{modulo: {step: 2, offset: 1}}]}", "\"-3\""))
                    .isEqualTo(IntNode.valueOf(-3));
        }

        @Test
        void allowedValues() {
            String strings = "{type: string, constraints: [{allowed_values: [m1.small, m1.large]}]}";
            assertThat(valueOf(strings, "\"m1.small\"")).isEqualTo(TextNode.valueOf("m1.small"));
            assertThat(problemsOf(strings, "\"m1.tiny\"")).containsExactly("parameters.p.constraints[0].allowed_values: "
                    + "Parameter 'p' is invalid: \"m1.tiny\" is not an allowed value [m1.small, m1.large]");
            // Compared in the parameter's type: "1.0" is the number 1.
            String numbers = "{type: number, constraints: [{allowed_values: [1, 2]}]}";
            assertThat(valueOf(numbers, "\"1.0\"")).isEqualTo(DoubleNode.valueOf(1.0));
            assertThat(problemsOf(numbers, "\"3\"")).containsExactly("parameters.p.constraints[0].allowed_values: "
                    + "Parameter 'p' is invalid: \"3\" is not an allowed value [1, 2]");
            assertThat(valueOf("{type: string, constraints: [{allowed_values: [1, 2]}]}", "\"2\""))
                    .isEqualTo(TextNode.valueOf("2"));
            String booleans = "{type: boolean, constraints: [{allowed_values: [true]}]}";
            assertThat(valueOf(booleans, "\"yes\"")).isEqualTo(BooleanNode.TRUE);
            assertThat(problemsOf(booleans, "\"no\"")).containsExactly("parameters.p.constraints[0].allowed_values: "
                    + "Parameter 'p' is invalid: \"no\" is not an allowed value [True]");
            String lists = "{type: comma_delimited_list, constraints: [{allowed_values: [a, b]}]}";
            assertThat(valueOf(lists, "\"b,a,b\"")).isEqualTo(json("[\"b\", \"a\", \"b\"]"));
            assertThat(problemsOf(lists, "\"a,c\"")).containsExactly("parameters.p.constraints[0].allowed_values: "
                    + "Parameter 'p' is invalid: \"['a', 'c']\" is not an allowed value [a, b]");
            assertThat(problemsOf("{type: number, constraints: [{allowed_values: [1, lots]}]}", "1")).containsExactly(
                    "parameters.p.constraints[0].allowed_values: Parameter 'p' is invalid: Value \"lots\" is invalid "
                            + "for data type \"number\".");
        }

        @Test
        void allowedPattern() {
            String digits = "{type: string, constraints: [{allowed_pattern: \"[0-9]+\"}]}";
            assertThat(valueOf(digits, "\"123\"")).isEqualTo(TextNode.valueOf("123"));
            assertThat(problemsOf(digits, "\"abc\"")).containsExactly("parameters.p.constraints[0].allowed_pattern: "
                    + "Parameter 'p' is invalid: \"abc\" does not match pattern \"[0-9]+\"");
            assertThat(problemsOf(digits, "\"123abc\"")).as("the whole value must match").containsExactly(
                    "parameters.p.constraints[0].allowed_pattern: Parameter 'p' is invalid: \"123abc\" does not "
                            + "match pattern \"[0-9]+\"");
            // re.match("a|ab", "ab") matches "a" only, so Heat refuses "ab".
            assertThat(problemsOf("{type: string, constraints: [{allowed_pattern: \"a|ab\"}]}", "\"ab\""))
                    .containsExactly("parameters.p.constraints[0].allowed_pattern: Parameter 'p' is invalid: \"ab\" "
                            + "does not match pattern \"a|ab\"");
        }

        @Test
        void descriptionReplacesTheMessage() {
            assertThat(problemsOf("{type: string, constraints: [{length: {min: 6}, description: Password length "
                    + "must be at least 6 characters}]}", "\"abc\"")).containsExactly(
                    "parameters.p.constraints[0].length: Parameter 'p' is invalid: Password length must be at least 6 "
                            + "characters");
        }

        @Test
        void everyBrokenConstraintIsReported() {
            ResolvedParameters resolved = one("""
                    {type: string, hidden: true, constraints: [
                        {length: {min: 6, max: 8}, description: Password length must be between 6 and 8 characters},
                        {allowed_pattern: "[a-zA-Z0-9]+", description: Password must consist of characters and numbers only},
                        {allowed_pattern: "[A-Z]+[a-zA-Z0-9]*", description: Password must start with an uppercase character}]}""",
                    "\"x!\"");
            assertThat(messages(resolved.problems())).containsExactly(
                    "parameters.p.constraints[0].length: Parameter 'p' is invalid: Password length must be between 6 "
                            + "and 8 characters",
                    "parameters.p.constraints[1].allowed_pattern: Parameter 'p' is invalid: Password must consist of "
                            + "characters and numbers only",
                    "parameters.p.constraints[2].allowed_pattern: Parameter 'p' is invalid: Password must start with "
                            + "an uppercase character");
            assertThat(resolved.values()).doesNotContainKey("p");
        }

        @Test
        void aNonTextValueMeetsTextConstraintsAsInHeat() {
            // Heat checks the value as given; a JSON number has no len() and cannot match a pattern.
            assertThat(problemsOf("{type: string, constraints: [{length: {max: 5}}]}", "12345")).containsExactly(
                    "parameters.p.constraints[0].length: Parameter 'p' is invalid: object of type 'int' has no len()");
            assertThat(problemsOf("{type: string, constraints: [{allowed_pattern: \"[0-9]+\"}]}", "12345"))
                    .containsExactly("parameters.p.constraints[0].allowed_pattern: Parameter 'p' is invalid: "
                            + "expected string or bytes-like object, got 'int'");
        }
    }

    @Nested
    class CustomConstraints {

        @Test
        void openStackConstraintsAcceptAnyValueWithAWarning() {
            ResolvedParameters resolved = one("{type: string, constraints: [{custom_constraint: nova.flavor}]}",
                    "\"no-such-flavor\"");
            assertThat(resolved.problems()).isEmpty();
            assertThat(resolved.values()).containsEntry("p", TextNode.valueOf("no-such-flavor"));
            assertThat(messages(resolved.warnings())).containsExactly("parameters.p.constraints[0].custom_constraint: "
                    + "custom_constraint \"nova.flavor\" is not checked: it looks values up in OpenStack (nova), "
                    + "which Hearth does not have");
        }

        @Test
        void anUnknownConstraintRefusesEveryValueAsInHeat() {
            assertThat(problemsOf("{type: string, constraints: [{custom_constraint: flavour}]}", "\"m1.small\""))
                    .containsExactly("parameters.p.constraints[0].custom_constraint: Parameter 'p' is invalid: "
                            + "\"m1.small\" does not validate flavour (constraint not found)");
            assertThat(problemsOf("{type: string, default: m1.small, constraints: [{custom_constraint: flavour}]}",
                    null)).as("a default too, once it is the value").containsExactly(
                    "parameters.p.constraints[0].custom_constraint: Parameter 'p' is invalid: \"m1.small\" does not "
                            + "validate flavour (constraint not found)");
        }
    }

    @Nested
    class WhereValuesComeFrom {

        private final ParameterSection section = ParameterParser.parse(yaml("""
                heat_template_version: 2013-05-23
                parameters:
                  a: {type: string, default: template}
                  b: {type: string, default: template}
                  c: {type: string, default: template}
                  d: {type: string, default: template}
                  e: {type: string}
                """));

        @Test
        void requestThenEnvironmentParametersThenParameterDefaultsThenTemplateDefault() {
            ResolvedParameters resolved = ParameterResolver.resolve(section,
                    params("a", "\"defaults\"", "b", "\"defaults\"", "c", "\"defaults\"", "e", "\"defaults\""),
                    params("a", "\"environment\"", "b", "\"environment\""),
                    params("a", "\"request\""));

            assertThat(resolved.problems()).isEmpty();
            assertThat(resolved.values()).containsExactly(
                    Map.entry("a", TextNode.valueOf("request")),
                    Map.entry("b", TextNode.valueOf("environment")),
                    Map.entry("c", TextNode.valueOf("defaults")),
                    Map.entry("d", TextNode.valueOf("template")),
                    Map.entry("e", TextNode.valueOf("defaults")));
        }

        @Test
        void nullMeansNoValue() {
            // Heat merges the request over the environment, then takes None as "not given".
            ResolvedParameters resolved = ParameterResolver.resolve(section, params("a", "null"),
                    params("a", "\"environment\"", "e", "\"x\""), params("a", "null"));
            assertThat(resolved.values()).containsEntry("a", TextNode.valueOf("template"));
        }

        @Test
        void undeclaredNames() {
            ResolvedParameters resolved = ParameterResolver.resolve(section, params("ghost", "\"x\"", "e", "\"x\""),
                    params("phantom", "\"x\""), params("spectre", "\"x\""));

            assertThat(resolved.problems()).as("parameter_defaults for undeclared names are ignored").containsExactly(
                    new TemplateProblem("", "The Parameter (phantom) was not defined in template."),
                    new TemplateProblem("", "The Parameter (spectre) was not defined in template."));
        }

        @Test
        void missing() {
            ResolvedParameters resolved = ParameterResolver.resolve(section, null, null, null);
            assertThat(resolved.problems()).containsExactly(
                    new TemplateProblem("parameters.e", "The Parameter (e) was not provided."));
            assertThat(resolved.values()).containsOnlyKeys("a", "b", "c", "d");
        }

        @Test
        void parameterDefaultsAreCheckedAsValues() {
            ParameterSection ports = ParameterParser.parse(yaml("""
                    heat_template_version: 2013-05-23
                    parameters:
                      port: {type: number, default: 8080, constraints: [{range: {min: 1024}}]}
                    """));
            ResolvedParameters resolved = ParameterResolver.resolve(ports, params("port", "\"80\""), null, null);
            assertThat(messages(resolved.problems())).containsExactly("parameters.port.constraints[0].range: "
                    + "Parameter 'port' is invalid: 80 is out of range (min: 1024, max: None)");
        }

        @Test
        void fromAnEnvironmentDocument() {
            JsonNode template = yaml("""
                    heat_template_version: 2013-05-23
                    parameters:
                      flavor: {type: string, default: m1.small}
                      count: {type: number}
                    """);
            JsonNode environment = yaml("""
                    parameters:
                      count: "3"
                    parameter_defaults:
                      flavor: m1.large
                      not_here: ignored
                    """);
            ResolvedParameters resolved = ParameterResolver.resolve(template, environment, params("count", "4"));
            assertThat(resolved.problems()).isEmpty();
            assertThat(resolved.values()).containsExactly(Map.entry("flavor", TextNode.valueOf("m1.large")),
                    Map.entry("count", IntNode.valueOf(4)));

            assertThat(messages(ParameterResolver.resolve(template, yaml("parameters: [count]"), null).problems()))
                    .containsExactly("environment.parameters: must be a mapping",
                            "parameters.count: The Parameter (count) was not provided.");
        }
    }

    @Test
    void displayValuesMaskHiddenParametersAsHeatShowsThem() {
        ResolvedParameters resolved = resolve("""
                heat_template_version: 2013-05-23
                parameters:
                  password: {type: string, hidden: true}
                  secret_port: {type: number, hidden: true, default: 5432}
                  name: {type: string}
                  count: {type: number}
                  ratio: {type: number}
                  enabled: {type: boolean}
                  zones: {type: comma_delimited_list}
                  config: {type: json}
                """, params("password", "\"s3cret\"", "name", "\"web\"", "count", "\"3\"", "ratio", "\"0.5\"",
                "enabled", "\"yes\"", "zones", "\"az1,az2\"", "config", "{\"a\": [1, 2.0], \"b\": \"é\"}"));

        assertThat(resolved.problems()).isEmpty();
        assertThat(resolved.values().get("password")).isEqualTo(TextNode.valueOf("s3cret"));
        assertThat(resolved.displayValues()).containsExactly(
                Map.entry("password", "******"),
                Map.entry("secret_port", "******"),
                Map.entry("name", "web"),
                Map.entry("count", "3"),
                Map.entry("ratio", "0.5"),
                Map.entry("enabled", "True"),
                Map.entry("zones", "az1,az2"),
                Map.entry("config", "{\"a\": [1, 2.0], \"b\": \"\\u00e9\"}"));
    }

    @Test
    void immutableParametersModified() {
        ResolvedParameters resolved = resolve("""
                heat_template_version: 2013-05-23
                parameters:
                  size: {type: number, immutable: true}
                  name: {type: string, immutable: true}
                  free: {type: string}
                """, params("size", "\"2\"", "name", "\"web\"", "free", "\"new\""));

        assertThat(resolved.immutableParametersModified(params("size", "2.0", "name", "\"db\"", "free", "\"old\"")))
                .containsExactly("name");
        assertThat(ResolvedParameters.immutableMessage(List.of("name", "size")))
                .isEqualTo("The following parameters are immutable and may not be updated: name, size");
    }

    @Test
    void reportsEveryProblemTogether() {
        ResolvedParameters resolved = resolve("""
                heat_template_version: 2013-05-23
                parameters:
                  key_name:
                    type: string
                    constraints:
                      - custom_constraint: nova.keypair
                  db_port:
                    type: number
                    default: 80
                    constraints:
                      - range: {min: 1024, max: 65535}
                  count:
                    type: number
                  enabled:
                    type: boolean
                  name:
                    type: string
                    constraints:
                      - length: {min: 3}
                      - allowed_pattern: "[a-z]+"
                """, params("count", "\"three\"", "enabled", "\"maybe\"", "name", "\"A\"", "colour", "\"blue\""));

        assertThat(resolved.problems()).containsExactly(
                new TemplateProblem("parameters.db_port.default", "Parameter 'db_port' is invalid: Invalid default 80 "
                        + "(80 is out of range (min: 1024, max: 65535))"),
                new TemplateProblem("", "The Parameter (colour) was not defined in template."),
                new TemplateProblem("parameters.key_name", "The Parameter (key_name) was not provided."),
                new TemplateProblem("parameters.count", "Parameter 'count' is invalid: could not convert string to "
                        + "float: 'three'"),
                new TemplateProblem("parameters.enabled", "Parameter 'enabled' is invalid: Unrecognized value 'maybe', "
                        + "acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', "
                        + "'yes'"),
                new TemplateProblem("parameters.name.constraints[0].length", "Parameter 'name' is invalid: length (1) "
                        + "is out of range (min: 3, max: None)"),
                new TemplateProblem("parameters.name.constraints[1].allowed_pattern", "Parameter 'name' is invalid: "
                        + "\"A\" does not match pattern \"[a-z]+\""));
        assertThat(resolved.isValid()).isFalse();
        assertThat(resolved.values()).isEmpty();
        assertThat(resolved.warnings()).hasSize(1);
    }
}
