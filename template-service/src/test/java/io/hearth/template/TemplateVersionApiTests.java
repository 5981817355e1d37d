package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Heat's template-version API, as {@code openstack orchestration template version list/function list} use it. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class TemplateVersionApiTests {

    @Test
    void listsEveryVersionWithItsReleaseNameAlias() {
        given().header("X-Auth-Token", "hearth-dev-token").get("/v1/demo/template_versions").then().statusCode(200)
                .body("template_versions.version", hasItem("heat_template_version.2013-05-23"))
                .body("template_versions.find { it.version == 'heat_template_version.2018-08-31' }.aliases",
                        org.hamcrest.Matchers.equalTo(List.of("heat_template_version.rocky")))
                .body("template_versions.type", hasItem("cfn"));
    }

    @Test
    void listsTheFunctionsOfAVersionByDateOrName() {
        given().header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/template_versions/heat_template_version.2013-05-23/functions").then().statusCode(200)
                .body("template_functions.functions", hasItem("get_param"))
                .body("template_functions.functions", not(hasItem("str_split")));
        given().header("X-Auth-Token", "hearth-dev-token").queryParam("with_condition_func", true)
                .get("/v1/demo/template_versions/heat_template_version.rocky/functions").then().statusCode(200)
                .body("template_functions.functions", hasItem("make_url"))
                .body("template_functions.functions", hasItem("equals"));
        given().header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/template_versions/heat_template_version.2099-01-01/functions").then().statusCode(404)
                .body("error.message",
                        org.hamcrest.Matchers.equalTo("Template with version heat_template_version.2099-01-01 not found"));
    }
}
