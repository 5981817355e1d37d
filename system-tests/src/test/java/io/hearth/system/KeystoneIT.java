package io.hearth.system;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.restassured.response.Response;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Identity as Heat users have it: the system started with {@code HEARTH_AUTH=keystone} ({@code deploy/up} runs
 * Debian's Keystone on 127.0.0.1:5000 and registers Hearth as its orchestration service), driven with Debian's
 * {@code openstack} CLI and the {@code clouds.yaml} {@code deploy/up} writes. A member of demo creates a stack; a
 * member of another project gets 404 for it; demo's reader lists but cannot create; the admin lists every
 * project's stacks; a token revoked in Keystone is refused within the cache TTL; a 401 names Keystone. And a Heat
 * user's day with the example: a breakpoint, snapshots, an update and a restore, unseen by another project.
 */
@Order(2) // the example's servers run on the local compute driver, which later classes stop
class KeystoneIT {

    /** The cache TTL of this system: the bound within which a revoked token stops working. */
    private static final Duration CACHE_TTL = Duration.ofSeconds(3);
    private static final String KEYSTONE = "http://127.0.0.1:5000/v3";
    private static final Duration WAIT = Duration.ofMinutes(3);

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
        JsonNode stack = OpenStackCli.DEMO.json("stack", "create", "--wait", "-t",
                OpenStackCli.file("keystone-it", TEMPLATE).toString(),
                "keystone-it-" + java.util.UUID.randomUUID().toString().substring(0, 8));
        assertThat(stack.path("stack_status").asText()).isEqualTo("CREATE_COMPLETE");
        stackId = stack.path("id").asText();
    }

    @AfterAll
    static void developmentConfigurationAgain() {
        try {
            if (stackId != null) {
                OpenStackCli.DEMO.run("stack", "delete", "-y", "--wait", stackId);
            }
        } finally {
            LocalSystem.restartWithDefaultEnvironment();
        }
    }

    @Test
    void aMemberOfDemoSeesItsStackComplete() {
        JsonNode shown = OpenStackCli.DEMO.json("stack", "show", stackId);
        assertThat(shown.path("stack_status").asText()).isEqualTo("CREATE_COMPLETE");
        assertThat(OpenStackCli.DEMO.ok("stack", "list", "-f", "value", "-c", "ID")).contains(stackId);
    }

    @Test
    void aMemberOfAnotherProjectGetsNotFound() {
        for (List<String> command : List.of(List.of("stack", "show", stackId),
                List.of("stack", "delete", "-y", stackId), List.of("stack", "resource", "list", stackId))) {
            OpenStackCli.Result result = OpenStackCli.OTHER.run(command.toArray(String[]::new));
            assertThat(result.exitCode()).as("%s", command).isNotZero();
            assertThat(result.output()).as("%s", command).contains("Stack not found");
        }
        assertThat(OpenStackCli.OTHER.ok("stack", "list", "-f", "value", "-c", "ID")).doesNotContain(stackId);
        assertThat(OpenStackCli.DEMO.json("stack", "show", stackId).path("stack_status").asText())
                .as("the other project's delete changed nothing").isEqualTo("CREATE_COMPLETE");
    }

    @Test
    void aReaderListsButCannotCreate() {
        assertThat(OpenStackCli.READER.ok("stack", "list", "-f", "value", "-c", "ID")).contains(stackId);
        OpenStackCli.Result create = OpenStackCli.READER.run("stack", "create", "-t",
                OpenStackCli.file("keystone-it", TEMPLATE).toString(), "by-a-reader");
        assertThat(create.exitCode()).isNotZero();
        assertThat(create.output()).contains("You are not authorized to use create.");
        Token reader = Token.issue(OpenStackCli.READER);
        given().baseUri(LocalSystem.publicApi()).header("X-Auth-Token", reader.id())
                .contentType("application/json").body(Map.of("stack_name", "by-a-reader", "template", Map.of(
                        "heat_template_version", "2018-08-31")))
                .post("/v1/" + reader.project() + "/stacks").then().statusCode(403);
        assertThat(OpenStackCli.DEMO.ok("stack", "list", "-f", "value", "-c", "Stack Name"))
                .doesNotContain("by-a-reader");
    }

    @Test
    void theAdminListsEveryProjectsStacksAndAMemberMayNot() {
        assertThat(OpenStackCli.ADMIN.ok("stack", "list", "--all-projects", "-f", "value", "-c", "ID"))
                .contains(stackId);
        assertThat(OpenStackCli.ADMIN.ok("stack", "list", "-f", "value", "-c", "ID"))
                .as("without --all-projects, the admin's own project only").doesNotContain(stackId);
        OpenStackCli.Result member = OpenStackCli.DEMO.run("stack", "list", "--all-projects");
        assertThat(member.exitCode()).isNotZero();
        assertThat(member.output()).contains("You are not authorized to use global_index.");
    }

    @Test
    void aRevokedTokenIsRefusedWithinTheCacheTtl() {
        Token token = Token.issue(OpenStackCli.DEMO);
        assertThat(stacks(token).statusCode()).isEqualTo(200);
        OpenStackCli.DEMO.ok("token", "revoke", token.id());
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

    @Test
    void aHeatUserBreaksSnapshotsUpdatesRestoresAndDeletesTheExampleWhichAnotherProjectNeverSees() {
        OpenStackCli demo = OpenStackCli.DEMO;
        String name = "heat-user-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        String port = Integer.toString(15500 + new java.util.Random().nextInt(400));
        Path breakpoint = OpenStackCli.file("breakpoint", """
                resource_registry:
                  resources:
                    app_deployment:
                      hooks: pre-create
                """);
        demo.ok("stack", "create", "-t", LocalSystem.ROOT.resolve("deploy/examples/app-and-db.yaml").toString(),
                "-e", breakpoint.toString(), "--parameter", "db_port=" + port, name);
        // heatclient's hook poll fails (IndexError) until the stack's "Stack CREATE started" event is listed, which
        // the read model records a moment after the create is accepted, as Heat's engine does after its RPC
        await().atMost(WAIT).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                .until(() -> demo.json("stack", "hook", "poll", name).size() == 1);
        JsonNode waiting = demo.json("stack", "hook", "poll", name).get(0);
        assertThat(waiting.path("Resource Name").asText()).isEqualTo("app_deployment");
        assertThat(waiting.path("Resource Status Reason").asText())
                .isEqualTo("CREATE paused until Hook pre-create is cleared");
        assertNotFoundForOther(List.of("stack", "hook", "poll", name),
                List.of("stack", "hook", "clear", name, "app_deployment", "--pre-create"));

        demo.ok("stack", "hook", "clear", name, "app_deployment", "--pre-create");
        List<String> followed = demo.follow(line -> line.contains("Stack CREATE completed successfully")
                || line.contains("CREATE_FAILED"), WAIT, "stack", "event", "list", name, "--follow");
        assertThat(followed).anyMatch(line -> line.contains("Hook pre-create is cleared"));
        assertThat(followed.get(followed.size() - 1)).contains("[" + name + "]: CREATE_COMPLETE");
        String password = password(demo, name);
        assertThat(endpoint(demo, name)).startsWith("kvdb://app@");

        JsonNode snapshot = demo.json("stack", "snapshot", "create", "--name", "before", name);
        String snapshotId = snapshot.path("ID").asText();
        assertThat(snapshot.path("status").asText()).isEqualTo("COMPLETE");
        assertThat(status(demo, name)).isEqualTo("SNAPSHOT_COMPLETE");
        JsonNode data = demo.json("stack", "snapshot", "show", name, snapshotId).path("snapshot").path("data");
        assertThat(data.path("environment").path("parameters").path("db_port").asText()).isEqualTo(port);
        assertNotFoundForOther(List.of("stack", "snapshot", "list", name),
                List.of("stack", "snapshot", "show", name, snapshotId),
                List.of("stack", "snapshot", "restore", name, snapshotId),
                List.of("stack", "update", "--existing", "--parameter", "db_user=intruder", name),
                List.of("stack", "delete", "-y", name));

        demo.ok("stack", "update", "--wait", "--existing", "--parameter", "db_user=other", name);
        assertThat(endpoint(demo, name)).startsWith("kvdb://other@");
        demo.ok("stack", "snapshot", "restore", name, snapshotId);
        await().atMost(WAIT).pollInterval(Duration.ofSeconds(2))
                .until(() -> "RESTORE_COMPLETE".equals(status(demo, name)) && endpoint(demo, name).startsWith("kvdb://app@"));
        assertThat(password(demo, name)).as("the RandomString's value as recorded").isEqualTo(password);

        assertThat(demo.json("stack", "environment", "show", name).path("parameters").path("db_port").asText())
                .isEqualTo(port);
        assertThat(demo.json("stack", "file", "list", name).path("files").toString())
                .as("the environment file heatclient sent").contains(breakpoint.getFileName().toString());
        demo.ok("stack", "check", name);
        await().atMost(WAIT).until(() -> "CHECK_COMPLETE".equals(status(demo, name)));
        demo.ok("stack", "suspend", "--wait", name);
        demo.ok("stack", "resume", "--wait", name);
        assertThat(status(demo, name)).isEqualTo("RESUME_COMPLETE");
        assertNotFoundForOther(List.of("stack", "show", name), List.of("stack", "event", "list", name),
                List.of("stack", "output", "show", name, "--all"), List.of("stack", "check", name));

        demo.ok("stack", "snapshot", "delete", name, snapshotId);
        demo.ok("stack", "delete", "--wait", "-y", name);
        assertThat(demo.run("stack", "show", name).output()).contains("Stack not found");
    }

    @Test
    void theConsoleSignsInWithKeystonesUserAndPasswordAndActsAsTheProject() {
        JsonNode demo = OpenStackCli.DEMO.json("configuration", "show", "--unmask");
        Map<String, String> credentials = Map.of("username", demo.path("auth.username").asText(),
                "password", demo.path("auth.password").asText(),
                "project", demo.path("auth.project_name").asText());
        Response signedIn = given().baseUri(LocalSystem.publicApi()).contentType("application/json")
                .body(credentials).post("/console/session");
        signedIn.then().statusCode(200);
        String project = Token.issue(OpenStackCli.DEMO).project();
        assertThat(signedIn.path("session.tenant").toString()).as("the project's id is the tenant").isEqualTo(project);
        assertThat(signedIn.path("session.expires_at").toString()).as("Keystone's expiry").isNotBlank();
        String token = signedIn.path("session.token");
        Response stacks = stacks(new Token(token, project));
        stacks.then().statusCode(200);
        assertThat(stacks.jsonPath().getList("stacks.id", String.class)).as("demo's stacks, seen with that token")
                .contains(stackId);

        Map<String, String> wrong = new java.util.HashMap<>(credentials);
        wrong.put("password", "not-" + credentials.get("password"));
        given().baseUri(LocalSystem.publicApi()).contentType("application/json").body(wrong)
                .post("/console/session").then().statusCode(401)
                .body("error.message",
                        org.hamcrest.Matchers.equalTo("Keystone refused the user name, password or project"));
    }

    @Test
    void theAdminListsHearthsServices() {
        List<String> services = new ArrayList<>();
        OpenStackCli.ADMIN.json("orchestration", "service", "list").forEach(service -> services.add(
                service.path("Binary").asText() + "=" + service.path("Status").asText()));
        assertThat(services).contains("hearth-template-service=up", "hearth-deployment-service=up",
                "hearth-signal-gateway=up", "hearth-notifier=up");
        OpenStackCli.Result member = OpenStackCli.DEMO.run("orchestration", "service", "list");
        assertThat(member.exitCode()).isNotZero();
        assertThat(member.output()).contains("You are not authorized to use");
    }

    @SafeVarargs
    private static void assertNotFoundForOther(List<String>... commands) {
        for (List<String> command : commands) {
            OpenStackCli.Result result = OpenStackCli.OTHER.run(command.toArray(String[]::new));
            assertThat(result.exitCode()).as("%s", command).isNotZero();
            assertThat(result.output()).as("%s", command).containsPattern("(?i)not found|could not be found");
        }
    }

    private static String status(OpenStackCli cli, String name) {
        return cli.json("stack", "show", name, "-c", "stack_status").path("stack_status").asText();
    }

    private static String password(OpenStackCli cli, String name) {
        return cli.json("stack", "resource", "show", name, "db_password", "-c", "attributes").path("attributes")
                .path("value").asText();
    }

    private static String endpoint(OpenStackCli cli, String name) {
        return cli.json("stack", "output", "show", name, "db_endpoint").path("output_value").asText();
    }

    private static Response stacks(Token token) {
        return given().baseUri(LocalSystem.publicApi()).header("X-Auth-Token", token.id())
                .get("/v1/" + token.project() + "/stacks");
    }

    /** A Keystone token of a cloud's user and its project id ({@code openstack token issue}). */
    private record Token(String id, String project) {

        static Token issue(OpenStackCli cloud) {
            JsonNode token = cloud.json("token", "issue");
            return new Token(token.path("id").asText(), token.path("project_id").asText());
        }
    }
}
