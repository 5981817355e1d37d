package io.hearth.hot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.params.ParameterParser;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.ReadResult;
import io.hearth.hot.read.TemplateReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** CFN-format templates read, checked and planned as Heat's heat/engine/cfn/template.py has them. */
class CfnTemplateTests {

    private static final String TEMPLATE = """
            AWSTemplateFormatVersion: 2010-09-09
            Description: A CFN stack
            Parameters:
              Length:
                Type: Number
                Default: 12
                MinValue: 8
                MaxValue: '64'
                ConstraintDescription: between 8 and 64
              Env:
                Type: String
                AllowedValues: [dev, prod]
                Default: dev
              Secret:
                Type: String
                NoEcho: 'true'
                Default: s3cret
            Mappings:
              Sizes:
                dev: {Count: '1'}
                prod: {Count: '3'}
            Conditions:
              IsProd: {"Fn::Equals": [{Ref: Env}, prod]}
            Resources:
              pw:
                Type: OS::Heat::RandomString
                Properties:
                  length: {Ref: Length}
              extra:
                Type: OS::Heat::RandomString
                Condition: IsProd
              none:
                Type: OS::Heat::None
                DependsOn: pw
                DeletionPolicy: Retain
              value:
                Type: OS::Heat::Value
                Properties:
                  value:
                    "Fn::Join":
                      - '-'
                      - [{Ref: "AWS::StackName"}, {"Fn::GetAtt": [pw, value]}, {"Fn::FindInMap": [Sizes, {Ref: Env}, Count]}]
            Outputs:
              password:
                Value: {"Fn::GetAtt": [pw, value]}
                Description: the password
              ref:
                Value: {Ref: pw}
              prodOnly:
                Value: {Ref: extra}
                Condition: IsProd
            """;

    private static final StackIdentity STACK = new StackIdentity("cfn", "5e1f", "demo");

    private final TemplateReader reader = new TemplateReader();
    private final TemplateParser parser = new TemplateParser();
    private final StackPlanner planner = new StackPlanner();

    private JsonNode read(String text) {
        ReadResult read = reader.readTemplate(text);
        assertThat(read.problems()).isEmpty();
        return read.document();
    }

    private StackPlan plan(String text, Map<String, JsonNode> parameters) {
        JsonNode template = parser.validate(read(text));
        return planner.plan(template, null, parameters, Map.of(), STACK, null, true);
    }

    private List<String> outlineProblems(String text) {
        return catchThrowableOfType(TemplateException.class, () -> parser.validate(read(text))).problems().stream()
                .map(TemplateProblem::toString).toList();
    }

    private List<String> planProblems(String text) {
        return catchThrowableOfType(TemplateException.class, () -> plan(text, null)).problems().stream()
                .map(TemplateProblem::toString).toList();
    }

    @Test
    void aCfnTemplatePlansAsItsHotEquivalentWould() {
        StackPlan plan = plan(TEMPLATE, null);
        assertThat(plan.templateVersion()).isEqualTo("2010-09-09");
        assertThat(plan.description()).isEqualTo("A CFN stack");
        assertThat(plan.parameters()).containsEntry("Length", HotJson.of("12")).containsEntry("Env", HotJson.of("\"dev\""));
        assertThat(plan.resources()).extracting(PlannedResource::name).containsExactly("pw", "none", "value");
        PlannedResource pw = plan.resources().get(0);
        assertThat(pw.type()).isEqualTo("OS::Heat::RandomString");
        assertThat(pw.properties()).isEqualTo(HotJson.of("{\"length\": 12}"));
        PlannedResource none = plan.resources().get(1);
        assertThat(none.dependsOn()).containsExactly("pw");
        assertThat(none.deletionPolicy()).isEqualTo("Retain");
        PlannedResource value = plan.resources().get(2);
        assertThat(value.dependsOn()).containsExactly("pw");
        assertThat(value.properties()).isEqualTo(HotJson.of(
                "{\"value\": {\"Fn::Join\": [\"-\", [\"cfn\", {\"Fn::GetAtt\": [\"pw\", \"value\"]}, \"1\"]]}}"));
        assertThat(plan.outputs()).containsOnlyKeys("password", "ref");
        assertThat(plan.outputs().get("password").value()).isEqualTo(HotJson.of("{\"Fn::GetAtt\": [\"pw\", \"value\"]}"));
        assertThat(plan.outputs().get("password").description()).isEqualTo("the password");
        assertThat(plan.outputs().get("ref").value()).isEqualTo(HotJson.of("{\"Ref\": \"pw\"}"));
    }

    @Test
    void conditionsAndParametersFollowTheValuesGiven() {
        StackPlan plan = plan(TEMPLATE, Map.of("Env", HotJson.of("\"prod\"")));
        assertThat(plan.resources()).extracting(PlannedResource::name).containsExactly("pw", "extra", "none", "value");
        assertThat(plan.outputs()).containsOnlyKeys("password", "ref", "prodOnly");
        assertThat(ParameterParser.parse(read(TEMPLATE)).parameters().get("Secret").hidden()).isTrue();
        assertThat(catchThrowableOfType(TemplateException.class,
                () -> plan(TEMPLATE, Map.of("Length", HotJson.of("4")))).problems())
                .extracting(TemplateProblem::toString)
                .containsExactly("Parameters.Length.MinValue: Parameter 'Length' is invalid: between 8 and 64");
    }

    @Test
    void theOutlineIsCheckedWithHeatsMessages() {
        assertThat(outlineProblems("""
                AWSTemplateFormatVersion: '2010-09-09'
                Parameters:
                  a: {Type: string}
                  b: {Default: 1}
                  c: {Type: String, MinLenght: 2}
                Conditions: [x]
                Resources:
                  nothing: {}
                  text: hello
                  untyped: {Properties: {}}
                  bad:
                    Type: [OS::Heat::None]
                  fields:
                    Type: OS::Heat::None
                    Properties: [1]
                    DependsOn: {a: b}
                    DeletionPolicy: Keep
                    Condition: [c]
                Outputs:
                  text: hello
                  novalue: {Description: x}
                resources: {}
                """)).containsExactlyInAnyOrder(
                "resources: The template section is invalid: resources",
                "Parameters.a.Type: Invalid type (string)",
                "Parameters.b: Missing parameter type for parameter: b",
                "Parameters.c.MinLenght: Invalid key 'MinLenght' for parameter (c)",
                "Conditions: Condition definitions must be a map. Found a list instead",
                "Resources.nothing: Each Resource must contain a Type key.",
                "Resources.text: Resources must contain Resource. Found a [<class 'str'>] instead",
                "Resources.untyped: Each Resource must contain a Type key.",
                "Resources.bad.Type: Resource bad Type type must be string",
                "Resources.fields.Properties: Resource fields Properties type must be object",
                "Resources.fields.DependsOn: Resource fields DependsOn type must be list or string",
                "Resources.fields.DeletionPolicy: Invalid deletion policy \"Keep\"",
                "Resources.fields.Condition: Resource fields Condition type must be string or boolean",
                "Outputs.text: Output definitions must be a map. Found a str instead",
                "Outputs.novalue: Each output definition must contain a Value key.");
    }

    @Test
    void versionsAreHeats() {
        assertThat(outlineProblems("AWSTemplateFormatVersion: '2010-09-10'\nResources: {}\n")).containsExactly(
                "The template version is invalid: \"AWSTemplateFormatVersion: 2010-09-10\". "
                        + "\"AWSTemplateFormatVersion\" should be: 2010-09-09");
        assertThat(outlineProblems("AWSTemplateFormatVersion: '2010-09-09'\nheat_template_version: 2018-08-31\n"))
                .containsExactly("The template version is invalid: Ambiguous versions (AWSTemplateFormatVersion, "
                        + "heat_template_version)");
        // Heat's own dialect has no conditions
        assertThat(outlineProblems("HeatTemplateFormatVersion: '2012-12-12'\nConditions: {}\nResources: {}\n"))
                .containsExactly("Conditions: The template section is invalid: Conditions");
        assertThat(plan("HeatTemplateFormatVersion: '2012-12-12'\nResources:\n  n: {Type: OS::Heat::None}\n", null)
                .templateVersion()).isEqualTo("2012-12-12");
    }

    @Test
    void problemsFoundWhilePlanningNameTheTemplatesOwnPaths() {
        assertThat(planProblems("""
                AWSTemplateFormatVersion: '2010-09-09'
                Parameters:
                  Size: {Type: Number, MinValue: 10, Default: 5}
                Resources:
                  pw:
                    Type: OS::Heat::RandomString
                    Properties: {bogus: 1, length: {Ref: nothing}}
                  n:
                    Type: OS::Heat::None
                    DependsOn: [ghost]
                    Metadata: {a: {"Fn::Select": [0]}}
                Outputs:
                  bad: {Value: {"Fn::GetAtt": [pw, valeu]}}
                  worse: {Value: {"Fn::Join": ["-", "ab"]}}
                  cond: {Value: 1, Condition: Missing}
                """)).containsExactlyInAnyOrder(
                "Parameters.Size.Default: Parameter 'Size' is invalid: Invalid default 5 (5 is out of range (min: 10, "
                        + "max: None))",
                "Resources.pw.Properties.length.Ref: The specified reference \"nothing\" (in unknown) is incorrect.",
                "Resources.pw.Properties: Unknown Property bogus",
                "Resources.n.DependsOn: The specified reference \"ghost\" (in n) is incorrect.",
                "Resources.n.Metadata.a.Fn::Select: Arguments to \"Fn::Select\" must be of the form [index, collection]",
                "Outputs.bad.Value.Fn::GetAtt: The Referenced Attribute (pw valeu) is incorrect.",
                "Outputs.worse.Value.Fn::Join: \"Fn::Join\" must operate on a list",
                "Outputs.cond.Condition: Invalid condition \"Missing\"");
    }

    @Test
    void aHotTemplateIsItsOwnOutline() {
        JsonNode hot = read("heat_template_version: 2018-08-31\nresources: {}\n");
        assertThat(CfnOutline.hot(hot)).isSameAs(hot);
        assertThat(CfnOutline.written(hot, List.of(new TemplateProblem("resources.x", "m"))))
                .containsExactly(new TemplateProblem("resources.x", "m"));
    }

    /** JSON for expectations. */
    private static final class HotJson {
        static JsonNode of(String json) {
            return io.hearth.contracts.envelope.HearthJson.readTree(json);
        }
    }
}
