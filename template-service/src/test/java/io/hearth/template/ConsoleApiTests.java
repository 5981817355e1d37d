package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The console as template-service serves it: its page at every one of its paths, with headers that keep it to its
 * own origin, and its sign-in, which names the tenant a token acts for and refuses what the API refuses.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class ConsoleApiTests {

    @Test
    void everyPathOfTheAppGetsItsPageWithoutAToken() {
        for (String path : new String[] {"/console/", "/console/stacks/web", "/console/stacks/web/deployments/x"}) {
            given().get(path).then().statusCode(200)
                    .contentType(startsWith("text/html"))
                    .header("Content-Security-Policy", startsWith("default-src 'self'"))
                    .header("X-Content-Type-Options", equalTo("nosniff"))
                    .body(containsString("<div id=\"app\">"));
        }
    }

    @Test
    void aMissingAssetIsNotFoundRatherThanThePage() {
        given().get("/console/assets/missing.js").then().statusCode(404);
    }

    @Test
    void aTokenSignsInAsItsTenant() {
        given().contentType("application/json").body("{\"token\": \"other-token\"}")
                .post("/console/session").then().statusCode(200)
                .body("session.token", equalTo("other-token"))
                .body("session.tenant", equalTo("other"))
                .body("session.roles", equalTo(java.util.List.of("member", "reader")))
                .body("session.expires_at", nullValue());
    }

    @Test
    void anUnknownTokenIsRefused() {
        given().contentType("application/json").body("{\"token\": \"forged\"}")
                .post("/console/session").then().statusCode(401)
                .body("error.type", equalTo("Unauthorized"))
                .body("error.message", equalTo("The token is not valid"));
    }

    @Test
    void aPasswordNeedsKeystoneAndIncompleteCredentialsAreNamed() {
        given().contentType("application/json").body("{\"username\": \"u\", \"password\": \"p\", \"project\": \"demo\"}")
                .post("/console/session").then().statusCode(400)
                .body("error.message", startsWith("Signing in with a user name and password needs Keystone"));
        given().contentType("application/json").body("{\"username\": \"u\"}")
                .post("/console/session").then().statusCode(400)
                .body("error.message", startsWith("Sign in with a token, or with username, password and project"));
        given().contentType("application/json").body("[]")
                .post("/console/session").then().statusCode(400);
    }
}
