package io.hearth.template.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.TemplateReader;
import io.hearth.platform.rest.ApiException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The checks of Heat's own (unsigned) adopt data: only what a template could have said anyway is accepted, at every
 * level of nested stacks, and anything else is refused naming the resource's path and why.
 */
class AdoptDataTests {

    private static final String TEMPLATE = """
            heat_template_version: 2021-04-16
            resources:
              the_nested: {type: the.yaml}
              group1:
                type: OS::Heat::ResourceGroup
                properties: {count: 2, resource_def: {type: OS::Heat::RandomString}}
            """;

    private static StackPlan plan(String template) {
        TemplateReader reader = new TemplateReader();
        return new StackPlanner().plan(reader.readTemplate(template).document(), reader.readEnvironment("{}")
                .document(), Map.of(), Map.of("the.yaml", """
                        heat_template_version: 2021-04-16
                        resources:
                          RealRandom: {type: OS::Heat::RandomString}
                        """), new StackIdentity("s", "5b3c9f2e-7d41-4e8a-b6c2-1f9d0a4e7c35", "demo"), null, true);
    }

    /** Heat's functional tests' data of {@link #TEMPLATE}, as heatclient sends it: a JSON string. */
    private static ObjectNode heatData() {
        return AdoptData.parse(HearthJson.mapper().valueToTree("""
                {"template": {}, "environment": {"parameters": {}}, "resources": {
                  "the_nested": {"type": "the.yaml", "resources": {"RealRandom": {"type": "OS::Heat::RandomString",
                    "resource_data": {"value": "goopie"}, "resource_id": "froggy"}}},
                  "group1": {"type": "OS::Heat::ResourceGroup", "resource_id": "test-group1-id", "resource_data": {},
                    "resources": {
                      "0": {"type": "OS::Heat::RandomString", "resource_data": {"value": "goopie"}, "resource_id": "0"},
                      "1": {"type": "OS::Heat::None", "resource_id": "1"}}}}}"""));
    }

    private static void refused(ObjectNode data, String template, String why) {
        assertThatThrownBy(() -> AdoptData.checkUnsigned(data, plan(template))).isInstanceOf(ApiException.class)
                .hasMessage("Invalid adopt data: " + why);
    }

    @Test
    void heatsDataWithoutIdOrSignatureOfRandomStringsInNestedStacksIsAccepted() {
        ObjectNode data = heatData();
        assertThat(AdoptData.signed(data)).isFalse();
        assertThatCode(() -> AdoptData.checkUnsigned(data, plan(TEMPLATE))).doesNotThrowAnyException();
    }

    @Test
    void aTypeWhoseDataCouldForgeSomethingIsRefusedAtItsPath() {
        ObjectNode data = heatData();
        ((ObjectNode) data.at("/resources/group1/resources/1")).put("type", "OS::Heat::SoftwareDeployment");
        refused(data, TEMPLATE, "resources.group1.resources.1 is OS::Heat::SoftwareDeployment: without "
                + "'hearth_signature' (Hearth's own abandon data) only OS::Heat::RandomString, OS::Heat::None and "
                + "nested stacks (template resources, OS::Heat::ResourceGroup) made of them can be adopted, as their "
                + "data can forge nothing");

        ObjectNode server = heatData();
        ((ObjectNode) server.get("resources")).putObject("web").put("type", "OS::Nova::Server")
                .put("resource_id", "a-real-server");
        refused(server, TEMPLATE + "  web: {type: OS::Nova::Server, properties: {image: i, flavor: f}}\n",
                "resources.web is OS::Nova::Server: without 'hearth_signature' (Hearth's own abandon data) only "
                        + "OS::Heat::RandomString, OS::Heat::None and nested stacks (template resources, "
                        + "OS::Heat::ResourceGroup) made of them can be adopted, as their data can forge nothing");
    }

    @Test
    void missingOrMismatchedResourcesAndMalformedValuesAreRefused() {
        ObjectNode missing = heatData();
        ((ObjectNode) missing.get("resources")).remove("group1");
        refused(missing, TEMPLATE, "resources.group1 is missing: every resource of the template must be in the data");

        ObjectNode otherType = heatData();
        ((ObjectNode) otherType.at("/resources/the_nested")).put("type", "other.yaml");
        refused(otherType, TEMPLATE, "resources.the_nested is other.yaml in the data but the.yaml in the template");

        ObjectNode noValue = heatData();
        ((ObjectNode) noValue.at("/resources/the_nested/resources/RealRandom/resource_data")).put("value", 7);
        refused(noValue, TEMPLATE,
                "resources.the_nested.resources.RealRandom.resource_data.value must be a string: the random string "
                        + "adopted");

        ObjectNode noId = heatData();
        ((ObjectNode) noId.at("/resources/group1/resources/0")).remove("resource_id");
        refused(noId, TEMPLATE,
                "resources.group1.resources.0.resource_id is missing (Heat's 'Resource ID was not provided.')");
    }

    @Test
    void hearthRecordsWithoutTheSignatureAreRefusedAtAnyDepth() {
        ObjectNode data = heatData();
        ((ObjectNode) data.at("/resources/the_nested/resources/RealRandom/resource_data")).putObject("hearth")
                .put("version", 1);
        refused(data, TEMPLATE, "'hearth_signature' is missing: only data Hearth abandoned can be adopted");
    }
}
