package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Heat's version negotiation: {@code GET /} (and {@code /versions}) needs no token and answers 300
 * with the version list, its link built from the request's host as webob's {@code application_url}. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class VersionNegotiationApiTests {

    @Test
    void theRootListsTheOneVersionWithoutAToken() {
        for (String path : new String[] {"/", "/versions"}) {
            given().header("Host", "heat.example:8004").get(path).then().statusCode(300)
                    .header("Content-Type", equalTo("application/json"))
                    .body("versions", hasSize(1))
                    .body("versions[0].id", equalTo("v1.0"))
                    .body("versions[0].status", equalTo("CURRENT"))
                    .body("versions[0].links.rel", contains("self"))
                    .body("versions[0].links.href", contains("http://heat.example:8004/v1/"));
        }
        given().header("X-Auth-Token", "forged").get("/").then().statusCode(300);
    }
}
