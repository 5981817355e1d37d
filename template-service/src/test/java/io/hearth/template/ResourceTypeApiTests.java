package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

/** Heat's resource-type API, as {@code openstack orchestration resource type list/show} use it. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class ResourceTypeApiTests {

    private static RequestSpecification api() {
        return given().header("X-Auth-Token", "hearth-dev-token");
    }

    @Test
    void listsTheTypesHearthKnows() {
        api().get("/v1/demo/resource_types").then().statusCode(200)
                .body("resource_types", hasItem("OS::Heat::SoftwareDeployment"))
                .body("resource_types", hasItem("OS::Nova::Server"))
                .body("resource_types", hasItem("OS::Heat::RandomString"));
    }

    @Test
    void showsATypesSchemaAndItsGeneratedTemplate() {
        api().get("/v1/demo/resource_types/OS::Heat::SoftwareDeployment").then().statusCode(200)
                .body("resource_type", equalTo("OS::Heat::SoftwareDeployment"))
                .body("properties", hasKey("server"))
                .body("properties.server.required", equalTo(true))
                .body("attributes", hasKey("deploy_stdout"))
                .body("support_status.status", notNullValue())
                .body("properties.timeout.type", equalTo("integer"))
                .body("properties.timeout.update_allowed", equalTo(true))
                .body("properties.timeout.required", equalTo(false))
                .body("properties.timeout.constraints[0].range.min", equalTo(1))
                .body("properties.timeout.description", startsWith("Hearth extension, not in Heat: "));
        api().get("/v1/demo/resource_types/OS::Heat::StructuredDeployment").then().statusCode(200)
                .body("properties.timeout.update_allowed", equalTo(true));
        api().get("/v1/demo/resource_types/OS::Heat::RandomString/template").then().statusCode(200)
                .body("heat_template_version", equalTo("2016-10-14"))
                .body("resources", notNullValue());
        api().get("/v1/demo/resource_types/Acme::Net").then().statusCode(404)
                .body("error.message", equalTo("The Resource Type (Acme::Net) could not be found."));
        api().get("/v1/demo/resource_types/OS::Neutron::Net").then().statusCode(400)
                .body("error.type", equalTo("ResourceTypeUnavailable"))
                .body("error.message", equalTo("HEAT-E99001 Service neutron is not available for resource type "
                        + "OS::Neutron::Net, reason: Service endpoint not in service catalog."));
        api().get("/v1/demo/resource_types/OS::Neutron::Net/template").then().statusCode(400)
                .body("error.type", equalTo("ResourceTypeUnavailable"));
    }
}
