package io.hearth.hot.types;

import static io.hearth.hot.types.Yaml.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.hot.TemplateProblem;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Each class of property error, with Heat's exact message and path. */
class PropertyValidatorTests {

    private static List<TemplateProblem> validate(String name, String definition) {
        return ResourceValidator.standard().validate(name, yaml(definition));
    }

    private static TemplateProblem problem(String path, String message) {
        return new TemplateProblem(path, message);
    }

    @Nested
    class UnknownAndMissing {

        @Test
        void unknownPropertyIsReportedAtThePropertiesMap() {
            assertThat(validate("cfg", """
                    type: OS::Heat::SoftwareConfig
                    properties: {config: echo hi, foo: bar}
                    """)).containsExactly(problem("resources.cfg.properties", "Unknown Property foo"));
        }

        @Test
        void missingRequiredPropertyIsNotAssigned() {
            assertThat(validate("dep", """
                    type: OS::Heat::SoftwareDeployment
                    properties: {config: abc}
                    """)).containsExactly(problem("resources.dep.properties", "Property server not assigned"));
        }

        @Test
        void noPropertiesAtAllStillNeedTheRequiredOnes() {
            assertThat(validate("wait", "type: OS::Heat::WaitCondition")).containsExactly(
                    problem("resources.wait.properties", "Property handle not assigned"),
                    problem("resources.wait.properties", "Property timeout not assigned"));
        }

        @Test
        void aNullValueCountsAsNotGiven() {
            assertThat(validate("dep", """
                    type: OS::Heat::SoftwareDeployment
                    properties: {server: null, config: null}
                    """)).containsExactly(problem("resources.dep.properties", "Property server not assigned"));
        }

        @Test
        void propertiesMustBeAMap() {
            assertThat(validate("cfg", """
                    type: OS::Heat::SoftwareConfig
                    properties: [config]
                    """)).containsExactly(problem("resources.cfg.properties",
                    "Resource cfg properties type must be object"));
        }

        @Test
        void everyProblemIsReportedNotOnlyTheFirst() {
            assertThat(validate("dep", """
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      colour: blue
                      actions: [CREATE, BACKUP]
                      signal_transport: SMOKE_SIGNAL
                      input_values: oops
                    """)).containsExactly(
                    problem("resources.dep.properties", "Unknown Property colour"),
                    problem("resources.dep.properties", "Property server not assigned"),
                    problem("resources.dep.properties.input_values", "\"oops\" is not a map"),
                    problem("resources.dep.properties.actions",
                            "\"['CREATE', 'BACKUP']\" is not an allowed value [CREATE, UPDATE, DELETE, SUSPEND, RESUME, "
                            + "CONTEXTUALIZE]"),
                    problem("resources.dep.properties.signal_transport",
                            "\"SMOKE_SIGNAL\" is not an allowed value "
                                    + "[CFN_SIGNAL, TEMP_URL_SIGNAL, HEAT_SIGNAL, NO_SIGNAL, ZAQAR_SIGNAL]"));
        }
    }

    @Nested
    class WrongTypes {

        @Test
        void integer() {
            assertThat(validate("rs", """
                    type: OS::Heat::RandomString
                    properties: {length: abc}
                    """)).containsExactly(problem("resources.rs.properties.length", "Value 'abc' is not an integer"));
            assertThat(validate("rs", """
                    type: OS::Heat::RandomString
                    properties: {length: '1.5'}
                    """)).containsExactly(problem("resources.rs.properties.length", "Value '1.5' is not an integer"));
            assertThat(validate("rs", """
                    type: OS::Heat::RandomString
                    properties: {length: [1]}
                    """)).containsExactly(problem("resources.rs.properties.length",
                    "int() argument must be a string, a bytes-like object or a real number, not 'list'"));
        }

        @Test
        void integerAcceptsWhatPythonsIntAccepts() {
            assertThat(validate("rs", """
                    type: OS::Heat::RandomString
                    properties: {length: ' 12 '}
                    """)).isEmpty();
        }

        @Test
        void number() {
            assertThat(validate("wait", """
                    type: OS::Heat::WaitCondition
                    properties: {handle: h, timeout: soon}
                    """)).containsExactly(problem("resources.wait.properties.timeout",
                    "could not convert string to float: 'soon'"));
            assertThat(validate("wait", """
                    type: OS::Heat::WaitCondition
                    properties: {handle: h, timeout: '1e3'}
                    """)).isEmpty();
        }

        @Test
        void string() {
            assertThat(validate("dep", """
                    type: OS::Heat::SoftwareDeployment
                    properties: {server: {id: 1234}}
                    """)).containsExactly(problem("resources.dep.properties.server",
                    "Value must be a string; got {'id': 1234}"));
            assertThat(validate("cfg", """
                    type: OS::Heat::SoftwareConfig
                    properties: {group: 1.5}
                    """)).containsExactly(problem("resources.cfg.properties.group", "Value must be a string; got 1.5"));
        }

        @Test
        void stringAcceptsIntegersAndBooleansAsHeatDoes() {
            assertThat(validate("cfg", """
                    type: OS::Heat::SoftwareConfig
                    properties: {group: 42, config: true}
                    """)).isEmpty();
        }

        @Test
        void map() {
            assertThat(validate("dep", """
                    type: OS::Heat::SoftwareDeployment
                    properties: {server: s, input_values: [a, b]}
                    """)).containsExactly(problem("resources.dep.properties.input_values",
                    "\"['a', 'b']\" is not a map"));
        }

        @Test
        void list() {
            assertThat(validate("cfg", """
                    type: OS::Heat::SoftwareConfig
                    properties: {inputs: foo}
                    """)).containsExactly(problem("resources.cfg.properties.inputs", "\"'foo'\" is not a list"));
        }

        @Test
        void booleanValue() {
            assertThat(validate("srv", """
                    type: OS::Nova::Server
                    properties: {flavor: m1.small, config_drive: 'Yes please'}
                    """)).containsExactly(problem("resources.srv.properties.config_drive",
                    "\"yes please\" is not a valid boolean"));
            assertThat(validate("srv", """
                    type: OS::Nova::Server
                    properties: {flavor: m1.small, config_drive: 1}
                    """)).containsExactly(problem("resources.srv.properties.config_drive",
                    "\"1\" is not a valid boolean"));
        }
    }

    @Nested
    class Constraints {

        @Test
        void allowedValues() {
            assertThat(validate("srv", """
                    type: OS::Nova::Server
                    properties: {flavor: m1.small, user_data_format: SOFTWARE}
                    """)).containsExactly(problem("resources.srv.properties.user_data_format",
                    "\"SOFTWARE\" is not an allowed value [HEAT_CFNTOOLS, RAW, SOFTWARE_CONFIG]"));
        }

        @Test
        void range() {
            assertThat(validate("rs", """
                    type: OS::Heat::RandomString
                    properties: {length: 513}
                    """)).containsExactly(problem("resources.rs.properties.length",
                    "513 is out of range (min: 1, max: 512)"));
            assertThat(validate("wait", """
                    type: OS::Heat::WaitCondition
                    properties: {handle: h, timeout: 60, count: '0'}
                    """)).containsExactly(problem("resources.wait.properties.count",
                    "0 is out of range (min: 1, max: None)"));
            assertThat(validate("wait", """
                    type: OS::Heat::WaitCondition
                    properties: {handle: h, timeout: 0.5}
                    """)).containsExactly(problem("resources.wait.properties.timeout",
                    "0.5 is out of range (min: 1, max: 43200)"));
        }

        @Test
        void aDeploymentsTimeoutIsAWholeNumberOfSecondsOfAtLeastOne() {
            assertThat(validate("dep", """
                    type: OS::Heat::SoftwareDeployment
                    properties: {server: s, timeout: 0}
                    """)).containsExactly(problem("resources.dep.properties.timeout",
                    "0 is out of range (min: 1, max: None)"));
            assertThat(validate("dep", """
                    type: OS::Heat::StructuredDeployment
                    properties: {server: s, timeout: soon}
                    """)).containsExactly(problem("resources.dep.properties.timeout",
                    "Value 'soon' is not an integer"));
            assertThat(validate("dep", """
                    type: OS::Heat::StructuredDeployment
                    properties: {server: s, timeout: '30'}
                    """)).isEmpty();
        }

        @Test
        void length() {
            assertThat(validate("group", """
                    type: OS::Heat::ResourceGroup
                    properties:
                      index_var: '%i'
                      resource_def: {type: OS::Heat::None}
                    """)).containsExactly(problem("resources.group.properties.index_var",
                    "length (2) is out of range (min: 3, max: None)"));
            assertThat(validate("comp", """
                    type: OS::Heat::SoftwareComponent
                    properties: {configs: []}
                    """)).containsExactly(problem("resources.comp.properties.configs",
                    "length (0) is out of range (min: 1, max: None)"));
        }
    }

    @Nested
    class NestedSchemas {

        @Test
        void nestedErrorsHaveDottedPathsWithIndexes() {
            assertThat(validate("cfg", """
                    type: OS::Heat::SoftwareConfig
                    properties:
                      inputs:
                      - name: foo
                        type: Integer
                      - description: no name
                        kind: text
                      outputs:
                      - name: result
                        error_output: maybe
                    """)).containsExactly(
                    problem("resources.cfg.properties.inputs[0].type",
                            "\"Integer\" is not an allowed value [String, Number, CommaDelimitedList, Json, Boolean]"),
                    problem("resources.cfg.properties.inputs[1]", "Unknown Property kind"),
                    problem("resources.cfg.properties.inputs[1]", "Property name not assigned"),
                    problem("resources.cfg.properties.outputs[0].error_output", "\"maybe\" is not a valid boolean"));
        }

        @Test
        void listItemsMustFollowTheItemSchema() {
            assertThat(validate("mime", """
                    type: OS::Heat::MultipartMime
                    properties:
                      parts:
                      - just a string
                      - {config: x, type: binary}
                    """)).containsExactly(
                    problem("resources.mime.properties.parts[0]", "\"just a string\" is not a map"),
                    problem("resources.mime.properties.parts[1].type",
                            "\"binary\" is not an allowed value [text, multipart]"));
        }

        @Test
        void deeperNesting() {
            assertThat(validate("rs", """
                    type: OS::Heat::RandomString
                    properties:
                      character_classes:
                      - {class: emoji, min: 0}
                    """)).containsExactly(
                    problem("resources.rs.properties.character_classes[0].class",
                            "\"emoji\" is not an allowed value "
                                    + "[lettersdigits, letters, lowercase, uppercase, digits, hexdigits, octdigits]"),
                    problem("resources.rs.properties.character_classes[0].min", "0 is out of range (min: 1, max: 512)"));
            assertThat(validate("srv", """
                    type: OS::Nova::Server
                    properties:
                      flavor: f
                      networks: [{network: private, allocate_network: always}]
                    """)).containsExactly(problem("resources.srv.properties.networks[0].allocate_network",
                    "\"always\" is not an allowed value [none, auto]"));
            assertThat(validate("group", """
                    type: OS::Heat::ResourceGroup
                    properties:
                      resource_def: {properties: {a: b}}
                    """)).containsExactly(problem("resources.group.properties.resource_def",
                    "Property type not assigned"));
        }
    }

    @Nested
    class Functions {

        @Test
        void functionsAreNotTypeChecked() {
            assertThat(validate("rs", """
                    type: OS::Heat::RandomString
                    properties:
                      length: {get_param: length}
                      character_classes: {get_param: classes}
                      salt: {str_replace: {template: a$b, params: {$b: c}}}
                    """)).isEmpty();
            assertThat(validate("dep", """
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      server: {get_attr: [group, resource.0]}
                      actions: {if: [is_prod, [CREATE], [CREATE, UPDATE]]}
                      input_values: {map_merge: [{a: 1}, {get_param: extra}]}
                      signal_transport: {get_param: transport}
                    """)).isEmpty();
        }

        @Test
        void functionsInsideListsAndMapsAreSkippedAndTheRestChecked() {
            assertThat(validate("cfg", """
                    type: OS::Heat::SoftwareConfig
                    properties:
                      inputs:
                      - {get_param: first_input}
                      - name: {get_param: second_name}
                        type: {get_param: second_type}
                      - name: third
                        type: Float
                    """)).containsExactly(problem("resources.cfg.properties.inputs[2].type",
                    "\"Float\" is not an allowed value [String, Number, CommaDelimitedList, Json, Boolean]"));
            assertThat(validate("dep", """
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      server: s
                      actions: [CREATE, {get_param: extra_action}]
                    """)).isEmpty();
        }

        @Test
        void wholePropertiesFromAFunction() {
            assertThat(validate("dep", """
                    type: OS::Heat::SoftwareDeployment
                    properties: {get_param: deployment_properties}
                    """)).isEmpty();
        }

        @Test
        void aMapWithMoreThanOneKeyIsNotAFunction() {
            assertThat(validate("dep", """
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      server: {get_resource: a, extra: b}
                    """)).containsExactly(problem("resources.dep.properties.server",
                    "Value must be a string; got {'get_resource': 'a', 'extra': 'b'}"));
        }

        @Test
        void recognisesTheHotFunctionNames() {
            for (String fn : List.of("get_attr", "get_resource", "get_param", "get_file", "str_replace",
                    "str_replace_strict", "str_replace_vstrict", "list_join", "str_split", "repeat", "digest",
                    "map_merge", "map_replace", "list_concat", "list_concat_unique", "contains", "filter",
                    "make_url", "if", "yaql", "equals", "not", "and", "or")) {
                assertThat(IntrinsicFunctions.isFunction(yaml("{" + fn + ": x}"))).as(fn).isTrue();
            }
            assertThat(IntrinsicFunctions.isFunction(yaml("{get_input: x}"))).isFalse();
        }
    }

    @Nested
    class TypeSpecificChecks {

        @Test
        void randomStringMinimumsMustFitTheLength() {
            assertThat(validate("rs", """
                    type: OS::Heat::RandomString
                    properties:
                      length: 3
                      character_classes: [{class: digits, min: 2}]
                      character_sequences: [{sequence: '!', min: 2}]
                    """)).containsExactly(problem("resources.rs",
                    "Length property cannot be smaller than combined character class and character sequence "
                            + "minimums"));
        }

        @Test
        void softwareComponentDefinesEachActionOnce() {
            assertThat(validate("comp", """
                    type: OS::Heat::SoftwareComponent
                    properties:
                      configs:
                      - {tool: script, config: a}
                      - {tool: script, config: b, actions: [UPDATE]}
                    """)).containsExactly(problem("resources.comp",
                    "Defining more than one configuration for the same action in SoftwareComponent \"comp\" is "
                            + "not allowed."));
        }

        @Test
        void scalingPolicyStepNeedsPercentAdjustments() {
            assertThat(validate("policy", """
                    type: OS::Heat::ScalingPolicy
                    properties:
                      auto_scaling_group_id: asg
                      adjustment_type: change_in_capacity
                      scaling_adjustment: 1
                      min_adjustment_step: 2
                    """)).containsExactly(problem("resources.policy",
                    "min_adjustment_step property should only be specified for adjustment_type with value "
                            + "percent_change_in_capacity."));
        }

        @Test
        void metricAlarmTakesAodhsStatisticsAndOperatorsAndAPeriodOfAtLeastOneSecond() {
            assertThat(validate("alarm", """
                    type: OS::Hearth::MetricAlarm
                    properties: {meter_name: load, threshold: 1, statistic: median, comparison_operator: '>',
                      period: 0, alarm_actions: [{a: b}]}
                    """)).containsExactlyInAnyOrder(
                    problem("resources.alarm.properties.statistic",
                            "\"median\" is not an allowed value [count, avg, sum, min, max]"),
                    problem("resources.alarm.properties.comparison_operator",
                            "\">\" is not an allowed value [ge, gt, eq, ne, lt, le]"),
                    problem("resources.alarm.properties.period", "0 is out of range (min: 1, max: 86400)"),
                    problem("resources.alarm.properties.alarm_actions[0]", "Value must be a string; got {'a': 'b'}"));
            assertThat(validate("alarm", """
                    type: OS::Hearth::MetricAlarm
                    properties: {threshold: 1}
                    """)).containsExactly(problem("resources.alarm.properties",
                    "Property meter_name not assigned"));
        }

        @Test
        void autoScalingGroupSizes() {
            assertThat(validate("asg", """
                    type: OS::Heat::AutoScalingGroup
                    properties: {resource: {type: OS::Heat::None}, min_size: 3, max_size: 1}
                    """)).containsExactly(problem("resources.asg", "MinSize can not be greater than MaxSize"));
            assertThat(validate("asg", """
                    type: OS::Heat::AutoScalingGroup
                    properties: {resource: {type: OS::Heat::None}, min_size: 1, max_size: 3, desired_capacity: 4}
                    """)).containsExactly(problem("resources.asg", "DesiredCapacity must be between MinSize and MaxSize"));
        }

        @Test
        void valueFollowsItsDeclaredType() {
            assertThat(validate("v", """
                    type: OS::Heat::Value
                    properties: {type: number, value: abc}
                    """)).containsExactly(problem("resources.v.properties.value",
                    "could not convert string to float: 'abc'"));
            assertThat(validate("v", """
                    type: OS::Heat::Value
                    properties: {type: json, value: {a: 1}}
                    """)).isEmpty();
            assertThat(validate("v", """
                    type: OS::Heat::Value
                    properties: {type: float, value: 1}
                    """)).containsExactly(problem("resources.v.properties.type",
                    "\"float\" is not an allowed value [string, number, comma_delimited_list, json, boolean]"));
        }

        @Test
        void noneTakesAnyProperties() {
            assertThat(validate("n", """
                    type: OS::Heat::None
                    properties: {whatever: [1, {nested: true}]}
                    """)).isEmpty();
        }
    }

    @Test
    void aResourceWithoutATypeIsReported() {
        assertThat(validate("x", "properties: {}")).containsExactly(
                problem("resources.x.type", "Non-empty resource type is required for resource \"x\""));
        assertThat(validate("x", "type: ''")).containsExactly(
                problem("resources.x.type", "Resource \"x\" has no type"));
        assertThat(validate("x", "type: [a]")).containsExactly(
                problem("resources.x.type", "Resource \"x\" type is not a string"));
    }

    @Test
    void pythonStyleValuesInMessages() {
        assertThat(io.hearth.hot.py.Py.repr(yaml("{a: [1, 2.5, true, null, \"it's\"]}")))
                .isEqualTo("{'a': [1, 2.5, True, None, \"it's\"]}");
        assertThat(io.hearth.hot.py.Py.floatRepr(1e16)).isEqualTo("1e+16");
        assertThat(io.hearth.hot.py.Py.floatRepr(0.0001)).isEqualTo("0.0001");
        assertThat(io.hearth.hot.py.Py.floatRepr(0.00001)).isEqualTo("1e-05");
        assertThat(io.hearth.hot.py.Py.floatRepr(3.0)).isEqualTo("3.0");
        assertThat(io.hearth.hot.py.Py.floatRepr(123456.789)).isEqualTo("123456.789");
    }
}
