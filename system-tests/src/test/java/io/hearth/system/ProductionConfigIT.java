package io.hearth.system;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import io.hearth.platform.signing.PresignedUrls;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Development secrets stay in development. A service jar started in the production profile without its tokens
 * and signing keys, or with the development ones, exits naming the setting; a whole system configured for
 * production ({@code HEARTH_AUTH_TOKENS} and {@code HEARTH_SIGNING_KEYS} of its own through {@code deploy/up})
 * refuses the development token on every service port and URLs signed with the development key, and still takes
 * a stack to CREATE_COMPLETE with its own token and URLs.
 */
class ProductionConfigIT {

    private static final String DEV_TOKEN = "hearth-dev-token";
    private static final String DEV_SECRET = "hearth-dev-signing-secret";
    private static final String TOKEN = "prod-" + UUID.randomUUID();
    private static final String SECRET = "secret-" + UUID.randomUUID();

    /** A stack that needs no server: a wait condition whose handle's pre-signed URL completes it. */
    private static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            resources:
              handle:
                type: OS::Heat::WaitConditionHandle
              wait:
                type: OS::Heat::WaitCondition
                properties:
                  handle: {get_resource: handle}
                  count: 1
                  timeout: 300
            outputs:
              data: {value: {get_attr: [wait, data]}}
            """;

    @AfterAll
    static void developmentConfigurationAgain() {
        LocalSystem.restartWithDefaultEnvironment();
    }

    @Test
    void aServiceInTheProductionProfileRefusesToStartWithoutItsSecrets() throws Exception {
        assertThat(startInProduction(Map.of()))
                .contains("Refusing to start in the production profile")
                .contains("hearth.auth.tokens (HEARTH_AUTH_TOKENS) is not set")
                .contains("hearth.signing.keys (HEARTH_SIGNING_KEYS) is not set");
        assertThat(startInProduction(Map.of("HEARTH_AUTH_TOKENS", DEV_TOKEN + ":demo",
                "HEARTH_SIGNING_KEYS", "k1:" + DEV_SECRET)))
                .contains("hearth.auth.tokens (HEARTH_AUTH_TOKENS) contains the development token hearth-dev-token")
                .contains("hearth.signing.keys (HEARTH_SIGNING_KEYS) contains the development signing secret");
    }

    @Test
    void aSystemConfiguredForProductionRefusesTheDevelopmentSecretsAndRunsAStack() {
        LocalSystem.restartWithEnvironment(Map.of("HEARTH_AUTH_TOKENS", TOKEN + ":demo",
                "HEARTH_SIGNING_KEYS", "p1:" + SECRET, "HEARTH_SIGNING_ACTIVE_KEY", "p1"));

        // Every service port checks the same tokens: the development token is refused, the system's own accepted.
        Map<Integer, String> tenantPaths = Map.of(8004, "/v1/demo/stacks", 8005, "/v1/demo/software_configs",
                8007, "/v1/demo/subscriptions");
        tenantPaths.forEach((port, path) -> {
            as(DEV_TOKEN, port).get(path).then().statusCode(401);
            as(TOKEN, port).get(path).then().statusCode(200);
        });
        // The notifier's streams (Vert.x routes) and the gateway's Heat resource signal.
        as(DEV_TOKEN, 8007).get("/v1/demo/stream").then().statusCode(401);
        as(DEV_TOKEN, 8004).get("/v1/demo/stream").then().statusCode(401);
        String signal = "/v1/demo/stacks/none/" + UUID.randomUUID() + "/resources/r/signal";
        as(DEV_TOKEN, 8006).body("{}").post(signal).then().statusCode(401);
        assertThat(as(TOKEN, 8006).body("{}").post(signal).then().extract().statusCode()).isNotIn(401, 403);

        String name = "prod-" + UUID.randomUUID().toString().substring(0, 8);
        String id = as(TOKEN, 8004).body(Map.of("stack_name", name, "template", TEMPLATE))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        String stack = "/v1/demo/stacks/" + name + "/" + id;
        String endpoint = await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250)).until(() ->
                as(TOKEN, 8004).get(stack + "/resources/handle").then().extract()
                        .<String>path("resource.attributes.endpoint"), url -> url != null && !url.isEmpty());
        URI signed = URI.create(endpoint);
        assertThat(signed.getRawQuery()).contains("kid=p1");

        // The same wait condition URL, forged with the development key (under its own key id and under the
        // system's), and a server's metadata URL forged the same way: refused.
        Instant expiry = Instant.now().plus(Duration.ofHours(1));
        String gateway = "http://127.0.0.1:" + LocalSystem.port(8006);
        for (PresignedUrls forger : new PresignedUrls[] {
                new PresignedUrls(Map.of("k1", DEV_SECRET), "k1", Clock.systemUTC()),
                new PresignedUrls(Map.of("p1", DEV_SECRET), "p1", Clock.systemUTC())}) {
            given().contentType(ContentType.JSON).body(Map.of("status", "SUCCESS", "data", "forged"))
                    .post(URI.create(forger.url(gateway, "POST", signed.getRawPath(), expiry)))
                    .then().statusCode(403);
            given().get(URI.create(forger.url(gateway, "GET", "/v1/stacks/" + id + "/servers/s1/metadata", expiry)))
                    .then().statusCode(403);
        }

        // The URL the system signed completes the stack.
        given().contentType(ContentType.JSON).body(Map.of("status", "SUCCESS", "id", "1", "data", "genuine"))
                .post(signed).then().statusCode(200);
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250)).until(() ->
                "CREATE_COMPLETE".equals(as(TOKEN, 8004).get(stack).then().statusCode(200)
                        .extract().path("stack.stack_status")));
        as(TOKEN, 8004).get(stack).then().body("stack.outputs[0].output_value", equalTo("{\"1\": \"genuine\"}"));
        as(DEV_TOKEN, 8004).get(stack).then().statusCode(401);
    }

    /** A request to a service by its default port ({@code port}), where the local system has it (its offset). */
    private static RequestSpecification as(String token, int port) {
        return given().baseUri("http://127.0.0.1:" + LocalSystem.port(port)).header("X-Auth-Token", token)
                .contentType(ContentType.JSON).redirects().follow(false);
    }

    /**
     * Runs signal-gateway's jar in the production profile with a clean environment plus {@code extra}, on a free
     * port and a Kafka address where nothing listens, and returns what it printed once it exited (within 90 s).
     */
    private static String startInProduction(Map<String, String> extra) throws IOException, InterruptedException {
        Path jar = LocalSystem.ROOT.resolve("signal-gateway/target/quarkus-app/quarkus-run.jar");
        String java = ProcessHandle.current().info().command().orElse("java");
        Path output = Files.createTempFile("production-config", ".log");
        ProcessBuilder builder = new ProcessBuilder(java, "-jar", jar.toString())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().clear();
        builder.environment().put("QUARKUS_HTTP_PORT", Integer.toString(freePort()));
        builder.environment().put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:" + freePort());
        builder.environment().putAll(extra);
        Process process = builder.start();
        try {
            assertThat(process.waitFor(90, TimeUnit.SECONDS)).as("the service exits").isTrue();
            assertThat(process.exitValue()).as("its exit status").isNotZero();
            return Files.readString(output, StandardCharsets.UTF_8);
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(output);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
