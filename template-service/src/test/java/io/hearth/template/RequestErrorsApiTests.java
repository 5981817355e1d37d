package io.hearth.template;

import static io.hearth.testsupport.PlatformEndpointsContract.heatError;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Requests a hostile or careless client sends to the stacks API, each answered with a precise 4xx and
 * Heat's error body (never an empty body, never a 500), and nothing kept: bodies of the wrong shape, a body
 * over the size limit, methods and media types no resource serves, a value the database could not store,
 * and a race of creates for one name.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class RequestErrorsApiTests {

    private static final String TEMPLATE = "heat_template_version: 2018-08-31\n";

    private final TestDatabase db = TestDatabase.schema("template");

    private static RequestSpecification api() {
        return given().header("X-Auth-Token", StackFixtures.TOKEN).contentType(ContentType.JSON)
                .redirects().follow(false);
    }

    private static String name() {
        return "r-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void bodiesOfTheWrongShapeAreRefusedWithHeatsBody() {
        long before = db.queryLong("select count(*) from stack");
        for (String body : List.of("[]", "\"x\"", "1", "true")) {
            heatError(api().body(body).post("/v1/demo/stacks").then(), 400, "InvalidRequest")
                    .body("error.message", equalTo("The request body must be a JSON object"));
            heatError(api().body(body).post("/v1/demo/stacks/preview").then(), 400, "InvalidRequest");
            heatError(api().body(body).post("/v1/demo/validate").then(), 400, "InvalidRequest");
        }
        String name = name();
        heatError(api().body(Map.of("stack_name", name, "template", TEMPLATE, "parameters", List.of()))
                .post("/v1/demo/stacks").then(), 400, "InvalidRequest")
                .body("error.message", equalTo("Invalid parameters: must be a map"));
        heatError(api().body(Map.of("stack_name", name, "template", TEMPLATE, "files", "x"))
                .post("/v1/demo/stacks").then(), 400, "InvalidRequest")
                .body("error.message", equalTo("Invalid files: must be a map"));
        heatError(api().body(Map.of("stack_name", name, "template", TEMPLATE, "files", Map.of("a.yaml", Map.of())))
                .post("/v1/demo/stacks").then(), 400, "InvalidRequest")
                .body("error.message", equalTo("Invalid files.a.yaml: must be a string"));
        heatError(api().body(Map.of("stack_name", name, "template", TEMPLATE, "timeout_mins", "abc"))
                .post("/v1/demo/stacks").then(), 400, "InvalidRequest")
                .body("error.message", equalTo("Only integer is acceptable by 'timeout_mins'."));
        heatError(api().body(Map.of("stack_name", name, "template", TEMPLATE, "disable_rollback", List.of()))
                .post("/v1/demo/stacks").then(), 400, "InvalidRequest")
                .body("error.message", equalTo("Invalid disable_rollback: must be a boolean"));
        heatError(api().body("{not json").post("/v1/demo/stacks").then(), 400, "InvalidJson");
        assertThat(db.queryLong("select count(*) from stack")).isEqualTo(before);

        String id = api().body(Map.of("stack_name", name, "template", TEMPLATE)).post("/v1/demo/stacks")
                .then().statusCode(201).extract().path("stack.id");
        String url = "/v1/demo/stacks/" + name + "/" + id;
        heatError(api().body("[]").put(url).then(), 400, "InvalidRequest")
                .body("error.message", equalTo("The request body must be a JSON object"));
        heatError(api().body("1").patch(url).then(), 400, "InvalidRequest");
        heatError(api().body(Map.of("timeout_mins", "abc")).patch(url).then(), 400, "InvalidRequest")
                .body("error.message", equalTo("Only integer is acceptable by 'timeout_mins'."));
        heatError(api().body(Map.of("clear_parameters", "x", "existing", true)).put(url).then(), 400,
                "InvalidRequest").body("error.message", equalTo("Invalid clear_parameters: must be a list"));
    }

    @Test
    void aBodyOverTheLimitIsRefusedWith413AndHeatsBody() {
        long before = db.queryLong("select count(*) from stack");
        String big = "x".repeat(3 * 1024 * 1024);
        heatError(api().body(Map.of("stack_name", name(), "template", TEMPLATE, "description", big))
                .post("/v1/demo/stacks").then(), 413, "RequestLimitExceeded")
                .body("error.message", containsString("exceeds maximum allowed size (2097152 bytes)."));
        assertThat(db.queryLong("select count(*) from stack")).isEqualTo(before);
        // The connection was drained, not broken: the next request is served.
        api().get("/v1/demo/stacks").then().statusCode(200);
    }

    @Test
    void methodsAndMediaTypesNoResourceServesAreRefusedWithHeatsBody() {
        heatError(api().delete("/v1/demo/stacks").then(), 405, "MethodNotAllowed")
                .body("error.message", equalTo("DELETE is not allowed on /v1/demo/stacks"));
        heatError(api().contentType("text/plain").body("stack_name: x").post("/v1/demo/stacks").then(), 415,
                "UnsupportedMediaType");
        heatError(api().accept("application/xml").get("/v1/demo/stacks").then(), 406, "NotAcceptable");
        heatError(api().get("/v1/demo/no-such-collection").then(), 404, "NotFound");
    }

    @Test
    void aValueTheDatabaseCannotStoreIsA400NotA500() {
        long before = db.queryLong("select count(*) from stack");
        heatError(api().body(Map.of("stack_name", name(), "template", Map.of("heat_template_version", "2018-08-31",
                "description", "nul \u0000 here"))).post("/v1/demo/stacks").then(), 400, "InvalidRequest");
        assertThat(db.queryLong("select count(*) from stack")).isEqualTo(before);
    }

    @Test
    void resourceNamesAreCheckedBeforeAnythingIsStored() {
        String longName = "r".repeat(256);
        heatError(api().body(Map.of("stack_name", name(), "template", TEMPLATE + "resources:\n  " + longName
                + ": {type: OS::Heat::None}\n  a/b: {type: OS::Heat::None}\n")).post("/v1/demo/stacks").then(),
                400, "StackValidationFailed")
                .body("error.message", containsString("a resource name must be at most 255 characters, not 256"))
                .body("error.message", containsString("Resource name may not contain \"/\""));
    }

    @Test
    void ofEightConcurrentCreatesOfOneNameOneWinsAndSevenGetHeats409() throws Exception {
        String name = name();
        int creates = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(creates);
        List<Future<Response>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < creates; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return api().body(Map.of("stack_name", name, "template", TEMPLATE)).post("/v1/demo/stacks");
                }));
            }
            start.countDown();
            int created = 0;
            for (Future<Response> answer : answers) {
                Response response = answer.get();
                if (response.statusCode() == 201) {
                    created++;
                } else {
                    heatError(response.then(), 409, "StackExists")
                            .body("error.message", equalTo("The Stack (" + name + ") already exists."));
                }
            }
            assertThat(created).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(db.queryLong("select count(*) from stack where name = ?", name)).isEqualTo(1);
    }
}
