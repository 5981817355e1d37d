package io.hearth.hot.types;

import static io.hearth.hot.types.Yaml.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The schema and the generated template, as Heat's resource_types API renders them. */
class ResourceTypeSchemasTests {

    private static ResourceType type(String name) {
        return ResourceTypes.heat().get(name).orElseThrow();
    }

    @Test
    void schemaOfWaitCondition() {
        JsonNode expected = json("""
                {
                  "resource_type": "OS::Heat::WaitCondition",
                  "properties": {
                    "handle": {
                      "type": "string",
                      "description": "A reference to the wait condition handle used to signal this wait condition.",
                      "required": true, "update_allowed": false, "immutable": false
                    },
                    "timeout": {
                      "type": "number",
                      "description": "The number of seconds to wait for the correct number of signals to arrive.",
                      "required": true,
                      "constraints": [{"range": {"min": 1, "max": 43200}}],
                      "update_allowed": false, "immutable": false
                    },
                    "count": {
                      "type": "integer",
                      "description": "The number of success signals that must be received before the stack creation process continues.",
                      "default": 1,
                      "required": false,
                      "constraints": [{"range": {"min": 1}}],
                      "update_allowed": true, "immutable": false
                    }
                  },
                  "attributes": {
                    "data": {
                      "description": "JSON string containing data associated with wait condition signals sent to the handle.",
                      "type": "string"
                    },
                    "show": {"description": "Detailed information about resource.", "type": "map"}
                  },
                  "support_status": {"status": "SUPPORTED", "message": null, "version": "2014.2", "previous_status": null}
                }
                """);
        assertThat(ResourceTypeSchemas.schema(type("OS::Heat::WaitCondition"), false)).isEqualTo(expected);
    }

    @Test
    void schemaNestsListAndMapSchemasAndLeavesOutHiddenOnes() {
        JsonNode schema = ResourceTypeSchemas.schema(type("OS::Heat::RandomString"), true);
        assertThat(schema.get("properties").has("sequence")).isFalse();
        assertThat(schema.at("/properties/character_classes/schema/*/schema/class/constraints/0/allowed_values"))
                .isEqualTo(json("[\"lettersdigits\", \"letters\", \"lowercase\", \"uppercase\", \"digits\", "
                        + "\"hexdigits\", \"octdigits\"]"));
        assertThat(schema.at("/properties/character_classes/default"))
                .isEqualTo(json("[{\"class\": \"lettersdigits\", \"min\": 1}]"));
        assertThat(schema.at("/properties/length/constraints")).isEqualTo(json("[{\"range\": {\"min\": 1, \"max\": 512}}]"));
        assertThat(schema.at("/description").asText()).startsWith("A resource which generates a random string.");

        JsonNode server = ResourceTypeSchemas.schema(type("OS::Nova::Server"), false);
        assertThat(server.get("attributes").has("first_address")).isFalse(); // hidden since 5.0.0
        assertThat(server.get("properties").has("admin_user")).isFalse();
        assertThat(server.at("/properties/flavor/constraints")).isEqualTo(json("[{\"custom_constraint\": \"nova.flavor\"}]"));
        assertThat(server.at("/properties/networks/schema/*/schema/network/type").asText()).isEqualTo("string");

        JsonNode hidden = ResourceTypeSchemas.schema(type("OS::Heat::SoftwareDeployments"), false);
        assertThat(hidden.get("support_status")).isEqualTo(json("""
                {"status": "HIDDEN", "message": "Please use OS::Heat::SoftwareDeploymentGroup instead.",
                 "version": "7.0.0",
                 "previous_status": {"status": "DEPRECATED", "message": null, "version": "2014.2", "previous_status": null}}
                """));
    }

    @Test
    void deploymentsHaveHearthsTimeoutExtensionAndTheGroupsDoNot() {
        JsonNode expected = json("""
                {
                  "type": "integer",
                  "description": "Hearth extension, not in Heat: the number of seconds to wait for the server to signal the deployment of each action; a deployment not signalled in time fails with \\"Deployment timed out after N s\\". When absent, only the stack's timeout applies.",
                  "required": false,
                  "constraints": [{"range": {"min": 1}}],
                  "update_allowed": true, "immutable": false
                }
                """);
        for (String name : new String[] {"OS::Heat::SoftwareDeployment", "OS::Heat::StructuredDeployment"}) {
            assertThat(ResourceTypeSchemas.schema(type(name), false).at("/properties/timeout")).as(name)
                    .isEqualTo(expected);
        }
        assertThat(ResourceTypeSchemas.schema(type("OS::Heat::SoftwareDeploymentGroup"), false)
                .get("properties").has("timeout")).isFalse();
        JsonNode template = ResourceTypeSchemas.template(type("OS::Heat::SoftwareDeployment"));
        assertThat(template.at("/parameters/timeout")).isEqualTo(json("""
                {"type": "number", "description": %s, "constraints": [{"range": {"min": 1}}]}
                """.formatted(expected.get("description").toString())));
        assertThat(template.at("/resources/SoftwareDeployment/properties/timeout"))
                .isEqualTo(json("{\"get_param\": \"timeout\"}"));
    }

    @Test
    void generatedTemplateOfWaitCondition() {
        JsonNode expected = json("""
                {
                  "heat_template_version": "2016-10-14",
                  "description": "Initial template of HeatWaitCondition",
                  "parameters": {
                    "handle": {"type": "string",
                      "description": "A reference to the wait condition handle used to signal this wait condition."},
                    "timeout": {"type": "number",
                      "description": "The number of seconds to wait for the correct number of signals to arrive.",
                      "constraints": [{"range": {"min": 1, "max": 43200}}]},
                    "count": {"type": "number",
                      "description": "The number of success signals that must be received before the stack creation process continues.",
                      "default": 1,
                      "constraints": [{"range": {"min": 1}}]}
                  },
                  "resources": {
                    "HeatWaitCondition": {
                      "type": "OS::Heat::WaitCondition",
                      "properties": {
                        "handle": {"get_param": "handle"},
                        "timeout": {"get_param": "timeout"},
                        "count": {"get_param": "count"}
                      }
                    }
                  },
                  "outputs": {
                    "data": {"value": {"get_attr": ["HeatWaitCondition", "data"]},
                      "description": "JSON string containing data associated with wait condition signals sent to the handle."},
                    "show": {"value": {"get_attr": ["HeatWaitCondition", "show"]},
                      "description": "Detailed information about resource."}
                  }
                }
                """);
        assertThat(ResourceTypeSchemas.template(type("OS::Heat::WaitCondition"))).isEqualTo(expected);
    }

    @Test
    void generatedTemplateMapsPropertyTypesToParameterTypes() {
        JsonNode template = ResourceTypeSchemas.template(type("OS::Heat::SoftwareDeployment"));
        assertThat(template.at("/parameters/actions/type").asText()).isEqualTo("comma_delimited_list");
        assertThat(template.at("/parameters/input_values/type").asText()).isEqualTo("json");
        assertThat(template.at("/parameters/signal_transport/default").asText()).isEqualTo("HEAT_SIGNAL");
        assertThat(template.at("/resources/SoftwareDeployment/properties/server"))
                .isEqualTo(json("{\"get_param\": \"server\"}"));
        assertThat(template.at("/outputs/deploy_stdout/value")).isEqualTo(json("{\"get_attr\": [\"SoftwareDeployment\", "
                + "\"deploy_stdout\"]}"));
        JsonNode none = ResourceTypeSchemas.template(type("OS::Heat::None"));
        assertThat(none.get("parameters")).isEmpty();
        assertThat(none.at("/resources/NoneResource/type").asText()).isEqualTo("OS::Heat::None");
    }

    @Test
    void typeList() {
        JsonNode list = ResourceTypeSchemas.typeList(ResourceTypes.heat());
        assertThat(list.get("resource_types")).hasSize(24);
        assertThat(list.toString()).doesNotContain("OS::Heat::SoftwareDeployments\"")
                .contains("\"OS::Heat::SoftwareDeploymentGroup\"");
    }
}
