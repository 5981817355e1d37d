package io.hearth.hot.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.TemplateException;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.functions.StackIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Template resources and OS::Heat::Stack: validated against their nested templates and planned with the files. */
class NestedStackPlanTests {

    private static final ObjectMapper YAML = new YAMLMapper();
    private static final StackIdentity STACK = new StackIdentity("top", "0b7a3c57-0000-4000-8000-000000000001",
            "demo");

    private static final String MEMBER = """
            heat_template_version: 2021-04-16
            parameters:
              size: {type: number}
              label: {type: string, default: x}
            resources:
              pw:
                type: OS::Heat::RandomString
                properties: {length: {get_param: size}}
            outputs:
              password: {value: {get_attr: [pw, value]}}
            """;

    private final StackPlanner planner = new StackPlanner();

    private static JsonNode yaml(String text) {
        try {
            return YAML.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private StackPlan plan(String template, String environment, Map<String, String> files) {
        return planner.plan(yaml(template), environment == null ? null : yaml(environment), null, files, STACK, null,
                false);
    }

    private TemplateException refused(String template, String environment, Map<String, String> files) {
        try {
            plan(template, environment, files);
        } catch (TemplateException e) {
            return e;
        }
        throw new AssertionError("the template was accepted");
    }

    @Test
    void aTemplateResourceIsPlannedWithItsTemplateAndTheFiles() {
        StackPlan plan = plan("""
                heat_template_version: 2021-04-16
                resources:
                  member:
                    type: member.yaml
                    properties: {size: 8}
                  mapped:
                    type: My::Member
                    properties: {size: 4, label: y}
                  user:
                    type: OS::Heat::Value
                    properties: {value: {get_attr: [member, password]}}
                outputs:
                  id: {value: {get_attr: [mapped, OS::stack_id]}}
                """, "resource_registry: {\"My::Member\": member.yaml}", Map.of("member.yaml", MEMBER));

        PlannedResource member = plan.resources().stream().filter(r -> r.name().equals("member")).findFirst()
                .orElseThrow();
        assertThat(member.type()).isEqualTo("member.yaml");
        assertThat(member.template()).isEqualTo("member.yaml");
        PlannedResource mapped = plan.resources().stream().filter(r -> r.name().equals("mapped")).findFirst()
                .orElseThrow();
        assertThat(mapped.type()).isEqualTo("My::Member");
        assertThat(mapped.template()).isEqualTo("member.yaml");
        assertThat(plan.files()).containsOnlyKeys("member.yaml");
        assertThat(plan.environment().path("resource_registry").path("My::Member").asText()).isEqualTo("member.yaml");
        assertThat(plan.resources().stream().filter(r -> r.name().equals("user")).findFirst().orElseThrow()
                .dependsOn()).containsExactly("member");
    }

    @Test
    void aPlanWithoutNestedStacksCarriesNoFiles() {
        StackPlan plan = plan("""
                heat_template_version: 2021-04-16
                resources:
                  none: {type: OS::Heat::None}
                """, null, Map.of("member.yaml", MEMBER));

        assertThat(plan.files()).isEmpty();
        assertThat(plan.environment()).isNull();
        assertThat(plan.resources().get(0).template()).isNull();
    }

    @Test
    void propertiesMustBeTheNestedTemplatesParameters() {
        TemplateException e = refused("""
                heat_template_version: 2021-04-16
                resources:
                  member:
                    type: member.yaml
                    properties: {bogus: 1}
                """, null, Map.of("member.yaml", MEMBER));

        assertThat(e.problems()).contains(new TemplateProblem("resources.member.properties", "Unknown Property bogus"));
    }

    @Test
    void aCfnNestedTemplatesParametersAreThePropertiesAndItsOutputsTheAttributes() {
        String nested = """
                HeatTemplateFormatVersion: '2012-12-12'
                Parameters:
                  one: {Type: String}
                  two: {Type: String, Default: x}
                Outputs:
                  the_str: {Value: {Ref: one}}
                """;
        String parent = """
                HeatTemplateFormatVersion: '2012-12-12'
                Resources:
                  the_nested:
                    Type: the.yaml
                    Properties: {one: my_name}
                Outputs:
                  value: {Value: {'Fn::GetAtt': [the_nested, the_str]}}
                """;

        assertThat(plan(parent, null, Map.of("the.yaml", nested)).resources().get(0).template()).isEqualTo("the.yaml");
        assertThat(refused(parent.replace("one: my_name", "three: 3"), null, Map.of("the.yaml", nested)).getMessage())
                .contains("Unknown Property three");
    }

    @Test
    void aRequiredParameterMustBeGiven() {
        TemplateException e = refused("""
                heat_template_version: 2021-04-16
                resources:
                  member: {type: member.yaml}
                """, null, Map.of("member.yaml", MEMBER));

        assertThat(e.problems()).contains(new TemplateProblem("resources.member.properties",
                "Property size not assigned"));
    }

    @Test
    void aParameterDefaultMakesTheParameterAnOptionalProperty() {
        String template = """
                heat_template_version: 2021-04-16
                resources:
                  member: {type: member.yaml}
                """;

        assertThat(plan(template, "parameter_defaults: {size: 12}", Map.of("member.yaml", MEMBER)).resources())
                .extracting(PlannedResource::template).containsExactly("member.yaml");
    }

    /** Heat's ValidateFacadeTest: a per-resource provider of a type that a top-level entry also provides. */
    private static final String FACADE_TEMPLATE = """
            heat_template_version: 2015-10-15
            resources:
              thisone:
                type: OS::Thingy
                properties: {one: pre, two: post}
            outputs:
              one: {value: {get_attr: [thisone, here-it-is]}}
            """;
    private static final String FACADE_ENVIRONMENT = """
            resource_registry:
              OS::Thingy: facade.yaml
              resources:
                thisone: {OS::Thingy: concrete.yaml}
            """;
    private static final String FACADE = """
            heat_template_version: 2015-04-30
            parameters:
              one: {type: string}
              two: {type: string}
            outputs:
              here-it-is: {value: noop}
            """;

    @Test
    void aPerResourceProviderThatOffersTheFacadesInterfaceIsPlanned() {
        StackPlan plan = plan(FACADE_TEMPLATE, FACADE_ENVIRONMENT, Map.of("facade.yaml", FACADE,
                "concrete.yaml", FACADE.replace("noop", "concrete")));

        assertThat(plan.resources().get(0).template()).isEqualTo("concrete.yaml");
    }

    @Test
    void aProviderLackingARequiredPropertyOfTheFacadeIsRefusedInHeatsWords() {
        String concrete = """
                heat_template_version: 2015-04-30
                parameters:
                  one: {type: string}
                resources:
                  str: {type: OS::Heat::RandomString}
                outputs:
                  here-it-is: {value: not-important}
                """;

        assertThat(refused(FACADE_TEMPLATE.replace(", two: post", ""), FACADE_ENVIRONMENT, Map.of("facade.yaml",
                FACADE, "concrete.yaml", concrete)).problems()).containsExactly(new TemplateProblem("",
                        "Required property two for facade OS::Thingy missing in provider"));
    }

    @Test
    void aProviderLackingAnOutputOfTheFacadeIsRefusedAndTheOutputIsNotCheckedToo() {
        String concrete = """
                heat_template_version: 2015-04-30
                parameters:
                  one: {type: string}
                  two: {type: string}
                resources:
                  str: {type: OS::Heat::RandomString}
                """;

        assertThat(refused(FACADE_TEMPLATE, FACADE_ENVIRONMENT, Map.of("facade.yaml", FACADE, "concrete.yaml",
                concrete)).problems()).containsExactly(new TemplateProblem("",
                        "Attribute here-it-is for facade OS::Thingy missing in provider"));
    }

    @Test
    void aProviderOfABuiltInTypeIsCheckedAgainstItsSchema() {
        String template = """
                heat_template_version: 2021-04-16
                resources:
                  pw:
                    type: OS::Heat::RandomString
                    properties: {length: 8}
                """;
        String environment = "resource_registry: {resources: {pw: {\"OS::Heat::RandomString\": pw.yaml}}}";
        String typed = """
                heat_template_version: 2021-04-16
                parameters:
                  length: {type: string}
                outputs:
                  value: {value: x}
                """;
        String extra = """
                heat_template_version: 2021-04-16
                parameters:
                  length: {type: number}
                  color: {type: string}
                outputs:
                  value: {value: x}
                """;

        assertThat(refused(template, environment, Map.of("pw.yaml", typed)).problems()).containsExactly(
                new TemplateProblem("", "Property length type mismatch between facade OS::Heat::RandomString "
                        + "(Integer) and provider (String)"));
        assertThat(refused(template.replace("length: 8", "length: 8, color: red"), environment,
                Map.of("pw.yaml", extra)).problems()).containsExactly(
                new TemplateProblem("", "Provider requires property color unknown in facade "
                        + "OS::Heat::RandomString"));
        assertThat(refused(template, environment, Map.of("pw.yaml", extra.replace("color: {type: string}",
                "color: {type: string, default: red}").replace("value: {value: x}", "other: {value: x}")))
                .problems()).containsExactly(new TemplateProblem("",
                        "Attribute value for facade OS::Heat::RandomString missing in provider"));
    }

    /**
     * As Heat's TemplateResource, whose get_attribute answers before its nested stack exists: any name is accepted
     * when the template is planned (an update may bring a nested template with other outputs), and one the nested
     * stack lacks is an error of its reader when it runs.
     */
    @Test
    void getAttrOfATemplateResourceIsNotCheckedAgainstTheNestedOutputsWhenPlanned() {
        assertThat(plan("""
                heat_template_version: 2021-04-16
                resources:
                  member:
                    type: member.yaml
                    properties: {size: 8}
                outputs:
                  later: {value: {get_attr: [member, passwd]}}
                """, null, Map.of("member.yaml", MEMBER)).outputs()).containsKey("later");
        assertThat(plan("""
                heat_template_version: 2021-04-16
                resources:
                  member:
                    type: member.yaml
                    properties: {size: 8}
                outputs:
                  ref: {value: {get_attr: [member, resource.pw]}}
                  one: {value: {get_attr: [member, resource.pw, value]}}
                  two: {value: {get_attr: [member, resource.pw.value]}}
                """, null, Map.of("member.yaml", MEMBER)).outputs()).hasSize(3);
    }

    @Test
    void theNestedTemplatesProblemsAreReportedUnderTheResource() {
        TemplateException e = refused("""
                heat_template_version: 2021-04-16
                resources:
                  member:
                    type: broken.yaml
                """, null, Map.of("broken.yaml", """
                heat_template_version: 2021-04-16
                resources:
                  pw:
                    type: OS::Heat::RandomString
                    properties: {lenght: 8}
                """));

        assertThat(e.problems()).containsExactly(new TemplateProblem("resources.member<broken.yaml>.resources.pw"
                + ".properties", "Unknown Property lenght"));
    }

    @Test
    void aTemplateThatNestsItselfExceedsTheRecursionDepth() {
        TemplateException e = refused("""
                heat_template_version: 2021-04-16
                resources:
                  member: {type: loop.yaml}
                """, null, Map.of("loop.yaml", """
                heat_template_version: 2021-04-16
                resources:
                  again: {type: loop.yaml}
                """));

        assertThat(e.problems()).singleElement().satisfies(p -> {
            assertThat(p.path()).isEqualTo("resources.member<loop.yaml>" + ".resources.again<loop.yaml>".repeat(5));
            assertThat(p.message()).isEqualTo("Recursion depth exceeds 5.");
        });
    }

    @Test
    void aTemplateNotInTheFilesCannotBeFetched() {
        TemplateException e = refused("""
                heat_template_version: 2021-04-16
                resources:
                  member: {type: "https://example.com/member.yaml"}
                """, null, Map.of());

        assertThat(e.problems()).containsExactly(new TemplateProblem("resources.member.type",
                "Could not fetch remote template \"https://example.com/member.yaml\": it is not in the stack's files, "
                        + "and Hearth fetches no URL"));
    }

    @Test
    void anOsHeatStackTemplateIsValidatedAsANestedOne() {
        StackPlan plan = plan("""
                heat_template_version: 2021-04-16
                resources:
                  inline:
                    type: OS::Heat::Stack
                    properties:
                      parameters: {size: 3}
                      template: |
                        heat_template_version: 2021-04-16
                        parameters:
                          size: {type: number}
                        resources:
                          none: {type: OS::Heat::None}
                        outputs:
                          doubled: {value: {get_param: size}}
                outputs:
                  out: {value: {get_attr: [inline, outputs, doubled]}}
                """, null, Map.of());
        assertThat(plan.resources().get(0).type()).isEqualTo("OS::Heat::Stack");
        assertThat(plan.environment()).isNull();

        TemplateException e = refused("""
                heat_template_version: 2021-04-16
                resources:
                  inline:
                    type: OS::Heat::Stack
                    properties:
                      template: |
                        heat_template_version: 2021-04-16
                        resources:
                          none: {type: OS::Heat::Nonesuch}
                """, null, Map.of());
        assertThat(e.problems()).singleElement().satisfies(p -> {
            assertThat(p.path()).isEqualTo("resources.inline<nested_stack>.resources.none.type");
            assertThat(p.message()).startsWith("Unknown resource type OS::Heat::Nonesuch");
        });
    }

    @Test
    void resourceFacadeReadsTheParentResourcesMetadataAndPolicies() {
        String facade = """
                heat_template_version: 2013-05-23
                resources:
                  test:
                    type: OS::Heat::TestResource
                    properties:
                      value: {"Fn::Select": [foo, {resource_facade: metadata}]}
                outputs:
                  policy: {value: {resource_facade: deletion_policy}}
                  update: {value: {resource_facade: update_policy}}
                """;
        JsonNode template = planner.readNested("the.yaml", facade);
        StackPlan plan = planner.planNested(template, ChildEnvironment.of(null, yaml("{}"), "the_nested", null),
                Map.of("the.yaml", facade), STACK, null, 1, StackPlanner.facade(yaml("{foo: bar}"), null, null));

        assertThat(plan.resources().get(0).properties().get("value").asText()).isEqualTo("bar");
        assertThat(plan.outputs().get("policy").value().asText()).isEqualTo("Delete");
        assertThat(plan.outputs().get("update").value()).isEqualTo(yaml("{}"));

        String parent = """
                heat_template_version: 2013-05-23
                resources:
                  the_nested:
                    type: the.yaml
                    metadata: {foo: bar}
                """;
        assertThat(plan(parent, null, Map.of("the.yaml", facade)).resources()).hasSize(1);
    }

    @Test
    void aNestedStackIsPlannedAtRunTimeWithItsParameters() {
        JsonNode template = planner.readNested("member.yaml", MEMBER);
        StackPlan plan = planner.planNested(template, ChildEnvironment.of(null, yaml("{size: 6}"), "member",
                "member.yaml"), Map.of("member.yaml", MEMBER), STACK, null, 1, null);

        assertThat(plan.parameters().get("size").asInt()).isEqualTo(6);
        assertThat(plan.disableRollback()).isTrue();
        assertThatThrownBy(() -> planner.planNested(template, ChildEnvironment.of(null, yaml("{size: 6}"), "member",
                null), Map.of(), STACK, null, 6, null)).isInstanceOf(TemplateException.class)
                .hasMessage("Recursion depth exceeds 5.");
        assertThatThrownBy(() -> planner.readNested("bad.yaml", "heat_template_version: 2021-04-16\nbogus: 1\n"))
                .isInstanceOf(TemplateException.class).hasMessageContaining("The template section is invalid: bogus");
    }

    @Test
    void theChildEnvironmentKeepsTheRegistryWithoutTheEntryThatNestedIt() {
        JsonNode child = ChildEnvironment.of(yaml("""
                parameters: {top: 1}
                parameter_defaults: {size: 2}
                resource_registry:
                  "My::Member": member.yaml
                  "My::Other": other.yaml
                  resources:
                    member: {inner: {hooks: pre-create}}
                    other: {x: {hooks: pre-create}}
                """), yaml("{size: 6}"), "member", "My::Member");

        assertThat(child).isEqualTo(yaml("""
                parameters: {size: 6}
                parameter_defaults: {size: 2}
                resource_registry:
                  "My::Other": other.yaml
                  resources:
                    inner: {hooks: pre-create}
                """));
    }

    @Test
    void theChildEnvironmentDropsThePerResourceEntryThatNestedIt() {
        JsonNode child = ChildEnvironment.of(yaml("""
                resource_registry:
                  OS::Thingy: facade.yaml
                  resources:
                    thisone: {OS::Thingy: concrete.yaml, "My::Other": other.yaml}
                """), yaml("{}"), "thisone", "OS::Thingy");

        assertThat(child).isEqualTo(yaml("""
                parameters: {}
                resource_registry:
                  OS::Thingy: facade.yaml
                  resources: {"My::Other": other.yaml}
                """));
    }

    /** Heat's {@code test_resource_group_zero_novalidate}: a group's member is validated only when it has members. */
    @Test
    void aResourceGroupsMemberIsValidatedOnlyWhenTheGroupHasMembers() {
        String group = """
                heat_template_version: 2013-05-23
                resources:
                  random_group:
                    type: OS::Heat::ResourceGroup
                    properties:
                      count: COUNT
                      resource_def:
                        type: My::RandomString
                        properties: {length: 30, salt: "%index%"}
                """;
        String environment = "resource_registry: {\"My::RandomString\": provider.yaml}";
        Map<String, String> files = Map.of("provider.yaml", """
                heat_template_version: 2013-05-23
                parameters:
                  length: {type: string, default: 50}
                  salt: {type: string, default: initial}
                resources:
                  random:
                    type: OS::Heat::RandomString
                    properties:
                      length: BAD
                """);

        assertThat(plan(group.replace("COUNT", "0"), environment, files).resources()).hasSize(1);
        TemplateException e = refused(group.replace("COUNT", "2"), environment, files);
        assertThat(e.problems()).singleElement().satisfies(p -> {
            // Heat's wording: a nested value problem is reported at its resource, with an empty path of its own
            assertThat(p).hasToString("resources.random_group<nested_stack>.resources.0<provider.yaml>.resources"
                    + ".random: : Value 'BAD' is not an integer");
        });
        // a member definition that reads another resource is left to run time
        assertThat(plan(group.replace("COUNT", "2").replace("salt: \"%index%\"", "salt: {get_resource: other}")
                + "  other: {type: OS::Heat::None}\n", environment, files).resources()).hasSize(2);
    }
}
