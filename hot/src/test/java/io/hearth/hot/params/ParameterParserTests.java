package io.hearth.hot.params;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.params.ParameterConstraint.AllowedPattern;
import io.hearth.hot.params.ParameterConstraint.CustomConstraint;
import io.hearth.hot.params.ParameterConstraint.Modulo;
import io.hearth.hot.params.ParameterConstraint.Range;
import io.hearth.hot.params.ParameterConstraint.Support;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The parameters and parameter_groups sections, checked before any value is given; every
 * message is the one Heat's heat/engine/hot/parameters.py, constraints.py, parameters.py and
 * parameter_groups.py produce.
 */
class ParameterParserTests {

    private static final YAMLMapper YAML = new YAMLMapper();

    static JsonNode yaml(String text) {
        try {
            return YAML.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static ParameterSection parse(String template) {
        return ParameterParser.parse(yaml(template));
    }

    static List<String> messages(List<TemplateProblem> problems) {
        return problems.stream().map(TemplateProblem::toString).toList();
    }

    @Test
    void readsAFullDefinition() {
        ParameterSection section = parse("""
                heat_template_version: 2018-03-02
                parameters:
                  db_port:
                    type: number
                    label: Database port
                    description: The port the database listens on
                    default: 5432
                    hidden: true
                    immutable: true
                    tags: [db, network]
                    constraints:
                      - range: {min: 1024, max: 65535}
                        description: Must be an unprivileged port
                      - modulo: {step: 2, offset: 0}
                  name:
                    type: string
                """);

        assertThat(section.problems()).isEmpty();
        assertThat(section.templateVersion()).isEqualTo("2018-03-02");
        assertThat(section.parameters()).containsOnlyKeys("db_port", "name");
        ParameterDefinition port = section.parameters().get("db_port");
        assertThat(port.type()).isEqualTo(ParameterType.NUMBER);
        assertThat(port.label()).isEqualTo("Database port");
        assertThat(port.description()).isEqualTo("The port the database listens on");
        assertThat(port.defaultValue()).isEqualTo(IntNode.valueOf(5432));
        assertThat(port.hidden()).isTrue();
        assertThat(port.immutable()).isTrue();
        assertThat(port.tags()).containsExactly("db", "network");
        assertThat(port.required()).isFalse();
        assertThat(port.constraints()).hasSize(2);
        assertThat(port.constraints().get(0)).isEqualTo(new Range("parameters.db_port.constraints[0].range",
                "Must be an unprivileged port", IntNode.valueOf(1024), IntNode.valueOf(65535)));
        assertThat(port.constraints().get(1)).isEqualTo(new Modulo("parameters.db_port.constraints[1].modulo", null,
                IntNode.valueOf(2), IntNode.valueOf(0)));
        ParameterDefinition name = section.parameters().get("name");
        assertThat(name.required()).isTrue();
        assertThat(name.hidden()).isFalse();
        assertThat(name.labelOrName()).isEqualTo("name");
    }

    @Test
    void acceptsEveryHotTypeName() {
        ParameterSection section = parse("""
                heat_template_version: 2013-05-23
                parameters:
                  s: {type: string}
                  n: {type: number}
                  l: {type: comma_delimited_list}
                  j: {type: json}
                  b: {type: boolean}
                """);

        assertThat(section.problems()).isEmpty();
        assertThat(section.parameters().values()).extracting(ParameterDefinition::type).containsExactly(
                ParameterType.STRING, ParameterType.NUMBER, ParameterType.COMMA_DELIMITED_LIST, ParameterType.JSON,
                ParameterType.BOOLEAN);
    }

    @Test
    void refusesCloudFormationTypeNamesAndKeysInHot() {
        ParameterSection section = parse("""
                heat_template_version: 2013-05-23
                parameters:
                  a: {type: String}
                  b: {type: CommaDelimitedList}
                  c: {type: integer}
                  d: {Type: string, Default: x, NoEcho: true}
                  e: {type: [string]}
                """);

        assertThat(messages(section.problems())).containsExactly(
                "parameters.a.type: Invalid type (String)",
                "parameters.b.type: Invalid type (CommaDelimitedList)",
                "parameters.c.type: Invalid type (integer)",
                "parameters.d.Type: Invalid key 'Type' for parameter (d)",
                "parameters.d.Default: Invalid key 'Default' for parameter (d)",
                "parameters.d.NoEcho: Invalid key 'NoEcho' for parameter (d)",
                "parameters.d: Missing parameter type for parameter: d",
                "parameters.e.type: Invalid type (['string'])");
    }

    @Test
    void refusesUnknownKeysAndMalformedDefinitions() {
        ParameterSection section = parse("""
                heat_template_version: 2013-05-23
                parameters:
                  a:
                    type: string
                    required: true
                    hiden: true
                  b: string
                  c:
                  d:
                    type: string
                    schema: {anything: goes}
                """);

        assertThat(messages(section.problems())).containsExactly(
                "parameters.a.required: Invalid key 'required' for parameter (a)",
                "parameters.a.hiden: Invalid key 'hiden' for parameter (a)",
                "parameters.b: Invalid parameter (b), expected a mapping",
                "parameters.c: Invalid parameter (c), expected a mapping");
        assertThat(section.parameters()).containsKeys("a", "b", "c", "d");
        assertThat(section.parameters().get("b").type()).isNull();
    }

    @Test
    void emptyOrMissingSectionsMeanNoParameters() {
        assertThat(parse("heat_template_version: 2013-05-23\nparameters:\n").parameters()).isEmpty();
        assertThat(parse("heat_template_version: 2013-05-23\nresources: {}\n").parameters()).isEmpty();
        assertThat(messages(parse("heat_template_version: 2013-05-23\nparameters: [a]\n").problems()))
                .containsExactly("parameters: must be a mapping");
    }

    @Test
    void tagsArriveIn20180302() {
        assertThat(messages(parse("""
                heat_template_version: 2017-09-01
                parameters:
                  a: {type: string, tags: [x]}
                """).problems())).containsExactly("parameters.a.tags: Invalid key 'tags' for parameter (a)");
        assertThat(messages(parse("""
                heat_template_version: queens
                parameters:
                  a: {type: string, tags: x}
                  b: {type: string, tags: }
                  c: {type: string, tags: [x, y]}
                """).problems())).containsExactly(
                "parameters.a.tags: Tags property should be a list for parameter: a",
                "parameters.b.tags: Tags property should be a list for parameter: b");
    }

    @Test
    void moduloArrivesIn20170224() {
        String parameters = """
                parameters:
                  n:
                    type: number
                    constraints:
                      - modulo: {step: 2, offset: 1}
                """;
        assertThat(messages(parse("heat_template_version: 2016-10-14\n" + parameters).problems()))
                .containsExactly("parameters.n.constraints[0]: No constraint expressed");
        assertThat(parse("heat_template_version: 2017-02-24\n" + parameters).problems()).isEmpty();
        assertThat(parse("heat_template_version: ocata\n" + parameters).problems()).isEmpty();
    }

    @Test
    void aConstraintEntryUsesItsFirstKindOnly() {
        ParameterSection section = parse("""
                heat_template_version: 2013-05-23
                parameters:
                  s:
                    type: string
                    constraints:
                      - length: {min: 2}
                        allowed_pattern: "[a-z]+"
                """);

        assertThat(section.problems()).isEmpty();
        assertThat(section.parameters().get("s").constraints()).singleElement()
                .isInstanceOf(ParameterConstraint.Length.class);
        assertThat(messages(section.warnings())).containsExactly("parameters.s.constraints[0].allowed_pattern: "
                + "ignored: Heat applies only the first kind of constraint in an entry, and this entry's is length");
    }

    @Test
    void reportsMalformedConstraintsWithHeatsMessages() {
        ParameterSection section = parse("""
                heat_template_version: 2018-08-31
                parameters:
                  a: {type: string, constraints: {length: {min: 1}}}
                  b:
                    type: number
                    constraints:
                      - just text
                      - minimum: 3
                      - range: {minimum: 3}
                      - range: 3
                      - range: {}
                      - range: {min: abc}
                      - range: {min: "3", max: null}
                      - description: only a description
                      - modulo: {step: 2}
                      - modulo: {step: 0, offset: 0}
                      - modulo: {step: 2, offset: 2}
                      - modulo: {step: 3, offset: -1}
                      - modulo: {step: 2.5, offset: 1}
                  c:
                    type: string
                    constraints:
                      - length: {}
                      - length: {min: 1.5}
                      - length: {max: "2.0"}
                      - allowed_values: abc
                      - allowed_values: {a: 1}
                      - allowed_pattern: 5
                      - allowed_pattern: "([a-z]"
                """);

        assertThat(messages(section.problems())).containsExactly(
                "parameters.a.constraints: Invalid parameter constraints for parameter a, expected a list",
                "parameters.b.constraints[0]: Invalid parameter constraints, expected a mapping",
                "parameters.b.constraints[1].minimum: Invalid key 'minimum' for parameter constraints",
                "parameters.b.constraints[2].range.minimum: Invalid key 'minimum' for range constraint",
                "parameters.b.constraints[3].range: Invalid range constraint, expected a mapping",
                "parameters.b.constraints[4].range: A range constraint must have a min value and/or a max value "
                        + "specified.",
                "parameters.b.constraints[5].range.min: could not convert string to float: 'abc'",
                "parameters.b.constraints[7]: No constraint expressed",
                "parameters.b.constraints[8].modulo: A modulo constraint must have a step value and an offset value "
                        + "specified.",
                "parameters.b.constraints[9].modulo: step cannot be 0.",
                "parameters.b.constraints[10].modulo: offset must be smaller (by absolute value) than step.",
                "parameters.b.constraints[11].modulo: step and offset must be both positive or both negative.",
                "parameters.b.constraints[12].modulo: step/offset must be integer",
                "parameters.c.constraints[0].length: A length constraint must have a min value and/or a max value "
                        + "specified.",
                "parameters.c.constraints[1].length: min/max length must be integral",
                "parameters.c.constraints[2].length: min/max length must be integral",
                "parameters.c.constraints[3].allowed_values: AllowedValues must be a list",
                "parameters.c.constraints[4].allowed_values: AllowedValues must be a list",
                "parameters.c.constraints[5].allowed_pattern: AllowedPattern must be a string",
                "parameters.c.constraints[6].allowed_pattern: \"([a-z]\" is not a valid regular expression: "
                        + "Unclosed group");
        // The range with min "3" parsed: get_num turns "3" into 3.
        assertThat(section.parameters().get("b").constraints()).singleElement().isEqualTo(
                new Range("parameters.b.constraints[6].range", null, IntNode.valueOf(3), null));
    }

    @Test
    void refusesAConstraintThatDoesNotApplyToTheType() {
        ParameterSection section = parse("""
                heat_template_version: 2017-02-24
                parameters:
                  s:
                    type: string
                    constraints:
                      - range: {min: 1}
                      - modulo: {step: 2, offset: 0}
                  n:
                    type: number
                    constraints:
                      - length: {min: 1}
                      - allowed_pattern: "[0-9]+"
                  l:
                    type: comma_delimited_list
                    constraints:
                      - allowed_pattern: "[a-z]+"
                      - length: {min: 1}
                  j:
                    type: json
                    constraints:
                      - allowed_values: [1]
                      - custom_constraint: nova.flavor
                  b:
                    type: boolean
                    constraints:
                      - length: {max: 4}
                      - allowed_values: [true]
                """);

        assertThat(messages(section.problems())).containsExactly(
                "parameters.s.constraints[0].range: Parameter 's' is invalid: Range constraint invalid for string",
                "parameters.s.constraints[1].modulo: Parameter 's' is invalid: Modulo constraint invalid for string",
                "parameters.n.constraints[0].length: Parameter 'n' is invalid: Length constraint invalid for number",
                "parameters.n.constraints[1].allowed_pattern: Parameter 'n' is invalid: AllowedPattern constraint "
                        + "invalid for number",
                "parameters.l.constraints[0].allowed_pattern: Parameter 'l' is invalid: AllowedPattern constraint "
                        + "invalid for comma_delimited_list",
                "parameters.j.constraints[0].allowed_values: Parameter 'j' is invalid: AllowedValues constraint "
                        + "invalid for json",
                "parameters.j.constraints[1].custom_constraint: Parameter 'j' is invalid: CustomConstraint "
                        + "constraint invalid for json",
                "parameters.b.constraints[0].length: Parameter 'b' is invalid: Length constraint invalid for boolean");
        assertThat(section.parameters().get("l").constraints()).singleElement()
                .isInstanceOf(ParameterConstraint.Length.class);
    }

    @Nested
    class DefaultsThatBreakTheirConstraints {

        @Test
        void rangeLengthPatternValuesAndModulo() {
            ParameterSection section = parse("""
                    heat_template_version: 2017-02-24
                    parameters:
                      port:
                        type: number
                        default: 80
                        constraints:
                          - range: {min: 1024, max: 65535}
                      named_port:
                        type: number
                        default: 80
                        constraints:
                          - range: {min: 1024}
                            description: Port must be above 1023
                      even:
                        type: number
                        default: 4
                        constraints:
                          - modulo: {step: 2, offset: 1}
                      short:
                        type: string
                        default: ab
                        constraints:
                          - length: {min: 3}
                      digits:
                        type: string
                        default: abc
                        constraints:
                          - allowed_pattern: "[0-9]+"
                      flavor:
                        type: string
                        default: c
                        constraints:
                          - allowed_values: [a, b]
                    """);

            assertThat(messages(section.problems())).containsExactly(
                    "parameters.port.default: Parameter 'port' is invalid: Invalid default 80 (80 is out of range "
                            + "(min: 1024, max: 65535))",
                    "parameters.named_port.default: Parameter 'named_port' is invalid: Invalid default 80 (Port must "
                            + "be above 1023)",
                    "parameters.even.default: Parameter 'even' is invalid: Invalid default 4 (4 is not a multiple of 2 "
                            + "with an offset of 1))",
                    "parameters.short.default: Parameter 'short' is invalid: Invalid default ab (length (2) is out of "
                            + "range (min: 3, max: None))",
                    "parameters.digits.default: Parameter 'digits' is invalid: Invalid default abc (\"abc\" does not "
                            + "match pattern \"[0-9]+\")",
                    "parameters.flavor.default: Parameter 'flavor' is invalid: Invalid default c (\"c\" is not an "
                            + "allowed value [a, b])");
            assertThat(section.parameters().values()).allSatisfy(p -> assertThat(p.defaultValid()).isFalse());
        }

        @Test
        void everyBrokenConstraintIsReported() {
            ParameterSection section = parse("""
                    heat_template_version: 2013-05-23
                    parameters:
                      password:
                        type: string
                        default: abc
                        constraints:
                          - length: {min: 6, max: 8}
                          - allowed_pattern: "[a-zA-Z0-9]+"
                          - allowed_pattern: "[A-Z]+[a-zA-Z0-9]*"
                            description: Password must start with an uppercase character
                    """);

            assertThat(messages(section.problems())).containsExactly(
                    "parameters.password.default: Parameter 'password' is invalid: Invalid default abc (length (3) is "
                            + "out of range (min: 6, max: 8))",
                    "parameters.password.default: Parameter 'password' is invalid: Invalid default abc (Password must "
                            + "start with an uppercase character)");
        }

        @Test
        void listDefaultsAreSplitOrStringifiedFirst() {
            ParameterSection section = parse("""
                    heat_template_version: 2013-05-23
                    parameters:
                      three:
                        type: comma_delimited_list
                        default: a,b,c
                        constraints:
                          - length: {max: 2}
                      listed:
                        type: comma_delimited_list
                        default: [x, y]
                        constraints:
                          - allowed_values: [x]
                      numbers:
                        type: comma_delimited_list
                        default: [1, 2]
                        constraints:
                          - allowed_values: ["1", "2"]
                      scalar:
                        type: comma_delimited_list
                        default: 5
                    """);

            assertThat(messages(section.problems())).containsExactly(
                    "parameters.three.default: Parameter 'three' is invalid: Invalid default a,b,c (length (3) is out "
                            + "of range (min: None, max: 2))",
                    "parameters.listed.default: Parameter 'listed' is invalid: Invalid default ['x', 'y'] "
                            + "(\"['x', 'y']\" is not an allowed value [x])",
                    "parameters.scalar.default: Parameter 'scalar' is invalid: Default must be a comma-delimited list "
                            + "string: 'int' object has no attribute 'split'");
        }

        @Test
        void pythonErrorsWhileCheckingADefaultAreReportedAsHeatDoes() {
            // Heat checks the default as written: a number default of a string parameter has no len(),
            // and a number parameter's text default must read as a number for a range to be checked.
            ParameterSection section = parse("""
                    heat_template_version: 2013-05-23
                    parameters:
                      port_text:
                        type: string
                        default: 8080
                        constraints:
                          - length: {max: 5}
                      count:
                        type: number
                        default: many
                        constraints:
                          - range: {min: 1}
                      uncheckedly_wrong:
                        type: number
                        default: many
                    """);

            assertThat(messages(section.problems())).containsExactly(
                    "parameters.port_text.default: Parameter 'port_text' is invalid: Invalid default 8080 (object of "
                            + "type 'int' has no len())",
                    "parameters.count.default: Parameter 'count' is invalid: Invalid default many (could not convert "
                            + "string to float: 'many')");
        }

        @Test
        void customConstraintsAreNotAppliedToDefaults() {
            ParameterSection section = parse("""
                    heat_template_version: 2013-05-23
                    parameters:
                      flavor:
                        type: string
                        default: m1.small
                        constraints:
                          - custom_constraint: nova.flavor
                      odd:
                        type: string
                        default: x
                        constraints:
                          - custom_constraint: not.a.constraint
                    """);

            assertThat(section.problems()).isEmpty();
            assertThat(section.parameters().get("flavor").defaultValid()).isTrue();
        }
    }

    @Test
    void customConstraintsAreAcceptedAndReportedAsNotChecked() {
        ParameterSection section = parse("""
                heat_template_version: 2013-05-23
                parameters:
                  flavor:
                    type: string
                    constraints:
                      - custom_constraint: nova.flavor
                        description: Must be a flavor known to Nova
                  image:
                    type: string
                    constraints:
                      - custom_constraint: glance.image
                  net:
                    type: comma_delimited_list
                    constraints:
                      - custom_constraint: neutron.network
                  address:
                    type: string
                    constraints:
                      - custom_constraint: ip_addr
                  typo:
                    type: string
                    constraints:
                      - custom_constraint: flavor
                """);

        assertThat(section.problems()).isEmpty();
        assertThat(section.parameters().get("flavor").constraints()).singleElement().isEqualTo(new CustomConstraint(
                "parameters.flavor.constraints[0].custom_constraint", "Must be a flavor known to Nova", "nova.flavor",
                Support.NEEDS_OPENSTACK));
        assertThat(section.warnings()).extracting(TemplateProblem::path, TemplateProblem::message).containsExactly(
                tuple("parameters.flavor.constraints[0].custom_constraint", "custom_constraint \"nova.flavor\" is not "
                        + "checked: it looks values up in OpenStack (nova), which Hearth does not have"),
                tuple("parameters.image.constraints[0].custom_constraint", "custom_constraint \"glance.image\" is not "
                        + "checked: it looks values up in OpenStack (glance), which Hearth does not have"),
                tuple("parameters.net.constraints[0].custom_constraint", "custom_constraint \"neutron.network\" is "
                        + "not checked: it looks values up in OpenStack (neutron), which Hearth does not have"),
                tuple("parameters.address.constraints[0].custom_constraint", "custom_constraint \"ip_addr\" is not "
                        + "checked: Hearth does not implement it"),
                tuple("parameters.typo.constraints[0].custom_constraint", "custom_constraint \"flavor\" is not one "
                        + "Heat registers: Heat refuses every value with \"(constraint not found)\""));
    }

    @Test
    void hiddenAndImmutableFollowPythonTruthiness() {
        ParameterSection section = parse("""
                heat_template_version: 2013-05-23
                parameters:
                  a: {type: string, hidden: true}
                  b: {type: string, hidden: false}
                  c: {type: string, hidden: "false"}
                  d: {type: string, hidden: 0, immutable: 1}
                """);

        assertThat(section.parameters().values()).extracting(ParameterDefinition::hidden)
                .containsExactly(true, false, true, false);
        assertThat(section.parameters().get("d").immutable()).isTrue();
    }

    @Test
    void nullDefaultMeansRequired() {
        ParameterDefinition p = parse("""
                heat_template_version: 2013-05-23
                parameters:
                  a: {type: string, default: null}
                """).parameters().get("a");
        assertThat(p.defaultValue()).isNull();
        assertThat(p.required()).isTrue();
    }

    @Test
    void allowedPatternKeepsThePythonPattern() {
        AllowedPattern pattern = (AllowedPattern) parse("""
                heat_template_version: 2013-05-23
                parameters:
                  a:
                    type: string
                    constraints:
                      - allowed_pattern: "(?P<word>[a-z]+)-(?P=word)"
                """).parameters().get("a").constraints().get(0);
        assertThat(pattern.pattern()).isEqualTo("(?P<word>[a-z]+)-(?P=word)");
        assertThat(pattern.compiled().matcher("ab-ab").matches()).isTrue();
    }

    @Nested
    class ParameterGroups {

        private static final String PARAMETERS = """
                heat_template_version: 2013-05-23
                parameters:
                  db_name: {type: string}
                  db_port: {type: number}
                  image: {type: string}
                """;

        @Test
        void readsGroups() {
            ParameterSection section = parse(PARAMETERS + """
                    parameter_groups:
                      - label: Database
                        description: Database settings
                        parameters: [db_name, db_port]
                      - parameters: [image, OS::stack_id]
                    """);

            assertThat(section.problems()).isEmpty();
            assertThat(section.groups()).containsExactly(
                    new ParameterGroup("Database", "Database settings", List.of("db_name", "db_port")),
                    new ParameterGroup(null, null, List.of("image", "OS::stack_id")));
        }

        @Test
        void aParameterBelongsToOneGroupAndMustExist() {
            ParameterSection section = parse(PARAMETERS + """
                    parameter_groups:
                      - label: Database
                        parameters: [db_name, db_port, db_name]
                      - label: Server
                        parameters: [image, db_port, flavor]
                    """);

            assertThat(messages(section.problems())).containsExactly(
                    "parameter_groups[0].parameters[2]: The db_name parameter must be assigned to one parameter "
                            + "group only.",
                    "parameter_groups[1].parameters[1]: The db_port parameter must be assigned to one parameter "
                            + "group only.",
                    "parameter_groups[1].parameters[2]: The grouped parameter flavor does not reference a valid "
                            + "parameter.");
        }

        @Test
        void malformedGroups() {
            assertThat(messages(parse(PARAMETERS + "parameter_groups: {label: x}\n").problems()))
                    .containsExactly("parameter_groups: The parameter_groups should be a list.");
            assertThat(messages(parse(PARAMETERS + """
                    parameter_groups:
                      - label: No parameters
                      - label: Not a list
                        parameters: db_name
                      - just a name
                      - parameters: [5]
                    """).problems())).containsExactly(
                    "parameter_groups[0]: The parameters must be provided for each parameter group.",
                    "parameter_groups[1].parameters: The parameters of parameter group should be a list.",
                    "parameter_groups[2]: Each parameter group should be a mapping.",
                    "parameter_groups[3].parameters[0]: The grouped parameter 5 does not reference a valid "
                            + "parameter.");
            assertThat(parse(PARAMETERS + "parameter_groups: []\n").problems()).isEmpty();
        }
    }

    @Test
    void reportsEveryProblemTogether() {
        ParameterSection section = parse("""
                heat_template_version: 2016-10-14
                parameters:
                  db_port:
                    type: number
                    default: 80
                    colour: blue
                    constraints:
                      - range: {min: 1024, max: 65535}
                      - length: {max: 5}
                  name:
                    type: String
                  size:
                    type: number
                    constraints:
                      - modulo: {step: 2, offset: 0}
                parameter_groups:
                  - parameters: [db_port, nothing]
                """);

        assertThat(section.problems()).containsExactly(
                new TemplateProblem("parameters.db_port.colour", "Invalid key 'colour' for parameter (db_port)"),
                new TemplateProblem("parameters.db_port.constraints[1].length",
                        "Parameter 'db_port' is invalid: Length constraint invalid for number"),
                new TemplateProblem("parameters.db_port.default",
                        "Parameter 'db_port' is invalid: Invalid default 80 (80 is out of range (min: 1024, max: "
                                + "65535))"),
                new TemplateProblem("parameters.name.type", "Invalid type (String)"),
                new TemplateProblem("parameters.size.constraints[0]", "No constraint expressed"),
                new TemplateProblem("parameter_groups[0].parameters[1]",
                        "The grouped parameter nothing does not reference a valid parameter."));
    }

    @Test
    void labelsAndDescriptionsMayBeAnyScalar() {
        ParameterDefinition p = parse("""
                heat_template_version: 2013-05-23
                parameters:
                  a: {type: string, label: 5, description: true, default: 7}
                """).parameters().get("a");
        assertThat(p.label()).isEqualTo("5");
        assertThat(p.description()).isEqualTo("True");
        assertThat(p.defaultValue()).isEqualTo(IntNode.valueOf(7));
    }
}
