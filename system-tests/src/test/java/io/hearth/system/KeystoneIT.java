package io.hearth.system;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Identity as Heat users have it: the system started with {@code HEARTH_AUTH=keystone} ({@code deploy/up} runs
 * Debian's Keystone on 127.0.0.1:5000 and registers Hearth as its orchestration service), driven with Debian's
 * {@code openstack} CLI and the {@code clouds.yaml} {@code deploy/up} writes. A member of demo creates a stack; a
 * member of another project gets 404 for it; demo's reader lists but cannot create; the admin lists every
 * project's stacks; a token revoked in Keystone is refused within the cache TTL; a 401 names Keystone.
 */
class KeystoneIT {

    /** The cache TTL of this system: the bound within which a revoked token stops working. */
    private static final Duration CACHE_TTL = Duration.ofSeconds(3);
    private static final String KEYSTONE = "http://127.0.0.1:5000/v3";

    private static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            resources:
              secret:
                type: OS::Heat::RandomString
                properties:
                  length: 12
              config:
                type: OS::Heat::SoftwareConfig
                properties:
                  config: {get_attr: [secret, value]}
            outputs:
              secret:
                value: {get_attr: [secret, value]}
            """;

    private static String stackId;

    @BeforeAll
    static void keystoneSystemWithAStackOfDemo() {
        LocalSystem.restartWithEnvironment(Map.of("HEARTH_AUTH", "keystone",
                "HEARTH_AUTH_KEYSTONE_CACHE_TTL", CACHE_TTL.toSeconds() + "s"));
        JsonNode stack = OpenStackCli.json(OpenStackCli.DEMO, "stack", "create", "--wait", "-t",
                OpenStackCli.file("keystone-it", TEMPLATE).toString(),
                "keystone-it-" + java.util.UUID.randomUUID().toString().substring(0, 8));
        assertThat(stack.path("stack_status").asText()).isEqualTo("CREATE_COMPLETE");
        stackId = stack.path("id").asText();
    }

    @AfterAll
    static void developmentConfigurationAgain() {
        try {
            if (stackId != null) {
                OpenStackCli.run(OpenStackCli.DEMO, "stack", "delete", "-y", "--wait", stackId);
            }
        } finally {
            LocalSystem.restartWithDefaultEnvironment();
        }
    }

    @Test
    void aMemberOfDemoSeesItsStackComplete() {
        JsonNode shown = OpenStackCli.json(OpenStackCli.DEMO, "stack", "show", stackId);
        assertThat(shown.path("stack_status").asText()).isEqualTo("CREATE_COMPLETE");
        assertThat(OpenStackCli.ok(OpenStackCli.DEMO, "stack", "list", "-f", "value", "-c", "ID")).contains(stackId);
    }

    @Test
    void aMemberOfAnotherProjectGetsNotFound() {
        for (List<String> command : List.of(List.of("stack", "show", stackId),
                List.of("stack", "delete", "-y", stackId), List.of("stack", "resource", "list", stackId))) {
            OpenStackCli.Result result = OpenStackCli.run(OpenStackCli.OTHER, command.toArray(String[]::new));
            assertThat(result.exitCode()).as("%s", command).isNotZero();
            assertThat(result.output()).as("%s", command).contains("Stack not found");
        }
        assertThat(OpenStackCli.ok(OpenStackCli.OTHER, "stack", "list", "-f", "value", "-c", "ID")).doesNotContain(stackId);
        assertThat(OpenStackCli.json(OpenStackCli.DEMO, "stack", "show", stackId).path("stack_status").asText())
                .as("the other project's delete changed nothing").isEqualTo("CREATE_COMPLETE");
    }

    @Test
    void aReaderListsButCannotCreate() {
        assertThat(OpenStackCli.ok(OpenStackCli.READER, "stack", "list", "-f", "value", "-c", "ID")).contains(stackId);
        OpenStackCli.Result create = OpenStackCli.run(OpenStackCli.READER, "stack", "create", "-t",
                OpenStackCli.file("keystone-it", TEMPLATE).toString(), "by-a-reader");
        assertThat(create.exitCode()).isNotZero();
        assertThat(create.output()).contains("You are not authorized to use create.");
        Token reader = Token.issue(OpenStackCli.READER);
        given().baseUri(LocalSystem.publicApi()).header("X-Auth-Token", reader.id())
                .contentType("application/json").body(Map.of("stack_name", "by-a-reader", "template", Map.of(
                        "heat_template_version", "2018-08-31")))
                .post("/v1/" + reader.project() + "/stacks").then().statusCode(403);
        assertThat(OpenStackCli.ok(OpenStackCli.DEMO, "stack", "list", "-f", "value", "-c", "Stack Name"))
                .doesNotContain("by-a-reader");
    }

    @Test
    void theAdminListsEveryProjectsStacksAndAMemberMayNot() {
        assertThat(OpenStackCli.ok(OpenStackCli.ADMIN, "stack", "list", "--all-projects", "-f", "value", "-c", "ID"))
                .contains(stackId);
        assertThat(OpenStackCli.ok(OpenStackCli.ADMIN, "stack", "list", "-f", "value", "-c", "ID"))
                .as("without --all-projects, the admin's own project only").doesNotContain(stackId);
        OpenStackCli.Result member = OpenStackCli.run(OpenStackCli.DEMO, "stack", "list", "--all-projects");
        assertThat(member.exitCode()).isNotZero();
        assertThat(member.output()).contains("You are not authorized to use global_index.");
    }

    @Test
    void aRevokedTokenIsRefusedWithinTheCacheTtl() {
        Token token = Token.issue(OpenStackCli.DEMO);
        assertThat(stacks(token).statusCode()).isEqualTo(200);
        OpenStackCli.ok(OpenStackCli.DEMO, "token", "revoke", token.id());
        long revoked = System.nanoTime();
        await().atMost(CACHE_TTL.plusSeconds(2)).pollInterval(Duration.ofMillis(200))
                .until(() -> stacks(token).statusCode() == 401);
        assertThat(Duration.ofNanos(System.nanoTime() - revoked)).isLessThanOrEqualTo(CACHE_TTL.plusSeconds(2));
    }

    @Test
    void aRefusedTokenIsToldWhereKeystoneIs() {
        Response missing = given().baseUri(LocalSystem.publicApi()).get("/v1/demo/stacks");
        Response bogus = given().baseUri(LocalSystem.publicApi()).header("X-Auth-Token", "not-a-token")
                .get("/v1/demo/stacks");
        Response dev = given().baseUri(LocalSystem.publicApi()).header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/stacks");
        for (Response refused : new ArrayList<>(List.of(missing, bogus, dev))) {
            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(refused.header("WWW-Authenticate")).isEqualTo("Keystone uri=\"" + KEYSTONE + "\"");
            assertThat(refused.jsonPath().getString("error.type")).isEqualTo("Unauthorized");
        }
    }

    @Test
    void aTokenOfDemoCannotUseAnotherTenantsUrl() {
        Token token = Token.issue(OpenStackCli.DEMO);
        given().baseUri(LocalSystem.publicApi()).header("X-Auth-Token", token.id())
                .get("/v1/" + Token.issue(OpenStackCli.OTHER).project() + "/stacks").then().statusCode(403);
    }

    private static Response stacks(Token token) {
        return given().baseUri(LocalSystem.publicApi()).header("X-Auth-Token", token.id())
                .get("/v1/" + token.project() + "/stacks");
    }

    /** A Keystone token of a cloud's user and its project id ({@code openstack token issue}). */
    private record Token(String id, String project) {

        static Token issue(String cloud) {
            JsonNode token = OpenStackCli.json(cloud, "token", "issue");
            return new Token(token.path("id").asText(), token.path("project_id").asText());
        }
    }
}
