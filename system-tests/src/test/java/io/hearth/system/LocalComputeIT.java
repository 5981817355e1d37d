package io.hearth.system;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Real deployments end to end on one machine: the whole system through {@code deploy/up}, with the
 * local compute driver (the agent in host mode) running each server as its own agent that long-polls
 * the signal gateway, runs its hooks as processes and signals their results back through pre-signed
 * URLs. Runs before the tests that replace the driver with {@code SimulatedCompute}.
 */
@Order(1)
class LocalComputeIT {

    private static final Duration WAIT = Duration.ofMinutes(3);
    /** Where this test's hooks leave their marker files (one line per start of a hook). */
    private static final Path MARKS = LocalSystem.ROOT.resolve("system-tests/target/local-compute-marks");
    private static final Path SERVERS = LocalSystem.HOME.resolve("compute/servers");
    private static final Path HOOKS = LocalSystem.HOME.resolve("compute/hooks");

    /** Stacks this class created, deleted at the end so their local servers do not pile up. */
    private static final List<String> CREATED = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeAll
    static void system() throws IOException {
        LocalSystem.up();
        Files.createDirectories(MARKS);
    }

    @AfterAll
    static void deleteStacks() {
        for (String url : CREATED) {
            LocalSystem.api().delete(url);
        }
        // 4 minutes: once (CI, 2026-11-27) deployment-service's processing of two of these deletes never ended,
        // and its liveness watchdog restarted it after 2 minutes, which then finished them (docs/architecture.md,
        // "A service that stays DOWN comes back by itself")
        await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofMillis(500))
                .until(() -> CREATED.stream().allMatch(url -> LocalSystem.api().get(url).statusCode() == 404
                        || status(LocalSystem.api().get(url).then().extract().jsonPath()).startsWith("DELETE_COMPLETE")));
    }

    @Test
    void theExampleConnectsItsAppToItsDatabaseAndEachHookRanOnce() throws IOException {
        String template = Files.readString(LocalSystem.ROOT.resolve("deploy/examples/app-and-db.yaml"));
        int port = 20000 + ThreadLocalRandom.current().nextInt(20000);
        String url = create("example", template, Map.of("db_port", port));

        JsonPath stack = awaitFinal(url);
        assertThat(status(stack)).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
        String endpoint = output(stack, "db_endpoint");
        String result = output(stack, "app_result");
        assertThat(endpoint).matches("kvdb://app@127\\.0\\.\\d+\\.\\d+:" + port + "/appdb");
        String dbHost = endpoint.substring(endpoint.indexOf('@') + 1, endpoint.lastIndexOf(':'));
        assertThat(result).startsWith("app at 127.0.").contains("connected to appdb at " + dbHost + ":" + port)
                .contains("wrong password refused (HTTP 401), row stored and read back");
        assertThat(result).doesNotContain("app at " + dbHost + " "); // two servers, two addresses

        // Each server's journal holds each of its deployments once, signalled: db_deployment (CREATE) on
        // the database server, app_deployment on the app server; db_stop waits for DELETE.
        assertThat(journalEntries(physicalId(url, "db_server"))).hasSize(1);
        assertThat(journalEntries(physicalId(url, "app_server"))).hasSize(1);

        given().baseUri(LocalSystem.publicApi()).header("X-Auth-Token", "hearth-dev-token").delete(url)
                .then().statusCode(204);
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500))
                .until(() -> LocalSystem.api().get(url).statusCode() == 404
                        || status(LocalSystem.api().get(url).then().extract().jsonPath()).startsWith("DELETE_"));
        // The DELETE config stopped the database: nothing answers on its address any more.
        await().atMost(Duration.ofSeconds(30)).until(() -> !answers(dbHost, port));
    }

    @Test
    void suspendAndResumeRunTheExamplesLifecycleConfigOnceEachAndCheckFindsADeadAgent() throws IOException {
        String template = Files.readString(LocalSystem.ROOT.resolve("deploy/examples/app-and-db.yaml"));
        int port = 20000 + ThreadLocalRandom.current().nextInt(20000);
        String url = create("lifecycle", template, Map.of("db_port", port));
        assertThat(status(awaitFinal(url))).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
        String dbServer = physicalId(url, "db_server");
        String endpoint = output(LocalSystem.api().get(url).then().extract().jsonPath(), "db_endpoint");
        String dbHost = endpoint.substring(endpoint.indexOf('@') + 1, endpoint.lastIndexOf(':'));
        Path hooksRan = SERVERS.resolve(dbServer).resolve("hooks-ran.log");

        // suspend: the SUSPEND config runs once, then the server is suspended (its database stopped with it)
        LocalSystem.api().body("{\"suspend\": null}").post(url + "/actions").then().statusCode(200);
        assertThat(awaitAction(url, "SUSPEND")).isEqualTo("SUSPEND_COMPLETE Stack SUSPEND completed successfully");
        assertThat(Files.readAllLines(hooksRan)).containsExactly("db_config", "db_lifecycle_config SUSPEND");
        assertThat(LocalSystem.api().get(url + "/resources/db_server").then().extract()
                .<String>path("resource.resource_status")).isEqualTo("SUSPEND_COMPLETE");
        LocalSystem.api().body(Map.of("template", template)).put(url).then().statusCode(400)
                .body("error.message", org.hamcrest.Matchers.equalTo("Updating a stack when it is suspended is not supported."));

        // resume: the server first, then the RESUME config, which finds the database answering again
        LocalSystem.api().body("{\"resume\": null}").post(url + "/actions").then().statusCode(200);
        assertThat(awaitAction(url, "RESUME")).isEqualTo("RESUME_COMPLETE Stack RESUME completed successfully");
        assertThat(Files.readAllLines(hooksRan)).containsExactly("db_config", "db_lifecycle_config SUSPEND",
                "db_lifecycle_config RESUME");
        assertThat(answers(dbHost, port)).isTrue();
        assertThat(journalEntries(dbServer)).hasSize(3); // db_deployment CREATE, db_lifecycle SUSPEND and RESUME
        assertThat(journalEntries(physicalId(url, "app_server"))).hasSize(1); // the app's config has neither

        // check: both agents answer; then with the compute driver (every local agent) stopped, the servers fail it
        LocalSystem.api().body("{\"check\": null}").post(url + "/actions").then().statusCode(200);
        assertThat(awaitAction(url, "CHECK")).isEqualTo("CHECK_COMPLETE Stack CHECK completed successfully");
        LocalSystem.stopCompute();
        try {
            LocalSystem.api().body("{\"check\": null}").post(url + "/actions").then().statusCode(200);
            assertThat(awaitAction(url, "CHECK")).startsWith("CHECK_FAILED Resource CHECK failed: Error: resources.")
                    .contains("'status': expected 'ACTIVE', got 'UNREACHABLE'");
            assertThat(LocalSystem.api().get(url + "/resources/db_server").then().extract()
                    .<String>path("resource.resource_status")).isEqualTo("CHECK_FAILED");
        } finally {
            LocalSystem.startMissing();
        }
        assertThat(Files.readAllLines(hooksRan)).hasSize(3); // nothing ran again
    }

    @Test
    void abandonLeavesTheDatabaseRunningAndAdoptTakesItBackWithoutRerunningAnythingThenAnUpdateWorks()
            throws IOException {
        String template = Files.readString(LocalSystem.ROOT.resolve("deploy/examples/app-and-db.yaml"));
        int port = 20000 + ThreadLocalRandom.current().nextInt(20000);
        String url = create("adopt", template, Map.of("db_port", port));
        assertThat(status(awaitFinal(url))).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
        String name = url.split("/")[4];
        String dbServer = physicalId(url, "db_server");
        String appServer = physicalId(url, "app_server");
        String endpoint = output(LocalSystem.api().get(url).then().extract().jsonPath(), "db_endpoint");
        String dbHost = endpoint.substring(endpoint.indexOf('@') + 1, endpoint.lastIndexOf(':'));
        Path hooksRan = SERVERS.resolve(dbServer).resolve("hooks-ran.log");

        // abandon: Hearth forgets the stack; the servers, their agents and the database go on
        String data = LocalSystem.api().delete(url + "/abandon").then().statusCode(200).extract().asString();
        assertThat(LocalSystem.api().get(url).statusCode()).isEqualTo(404);
        await().pollDelay(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(4)).until(() -> true);
        assertThat(answers(dbHost, port)).as("the database still answers after the abandon").isTrue();
        assertThat(Files.isDirectory(SERVERS.resolve(dbServer))).isTrue();

        // adopt: the same id, ADOPT_COMPLETE, the same outputs, and no hook runs again
        String adopted = LocalSystem.api().body(Map.of("stack_name", name, "adopt_stack_data", data))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        assertThat(url).endsWith("/" + adopted);
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> !status(LocalSystem.api().get(url)
                .then().extract().jsonPath()).startsWith("ADOPT_IN_PROGRESS"));
        JsonPath stack = LocalSystem.api().get(url).then().statusCode(200).extract().jsonPath();
        assertThat(status(stack)).isEqualTo("ADOPT_COMPLETE Stack ADOPT completed successfully");
        assertThat(output(stack, "db_endpoint")).isEqualTo(endpoint);
        assertThat(physicalId(url, "db_server")).isEqualTo(dbServer);
        await().pollDelay(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(4)).until(() -> true);
        assertThat(Files.readAllLines(hooksRan)).containsExactly("db_config");
        assertThat(journalEntries(dbServer)).hasSize(1);
        assertThat(journalEntries(appServer)).hasSize(1);
        assertThat(answers(dbHost, port)).isTrue();

        // an update after the adopt: a new deployment on the app server runs there, nothing else reruns
        String extra = template.replace("\noutputs:\n", """

                  extra_config:
                    type: OS::Heat::SoftwareConfig
                    properties:
                      group: script
                      outputs: [{name: said}]
                      config: |
                        #!/bin/sh
                        printf 'after adopt' > "$heat_outputs_path.said"

                  extra_deployment:
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      config: {get_resource: extra_config}
                      server: {get_resource: app_server}

                outputs:
                  extra_said:
                    value: {get_attr: [extra_deployment, said]}
                """);
        LocalSystem.api().body(Map.of("template", extra, "parameters", Map.of("db_port", port))).put(url)
                .then().statusCode(202);
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> status(LocalSystem.api().get(url)
                .then().extract().jsonPath()).matches("UPDATE_(COMPLETE|FAILED).*"));
        stack = LocalSystem.api().get(url).then().statusCode(200).extract().jsonPath();
        assertThat(status(stack)).isEqualTo("UPDATE_COMPLETE Stack UPDATE completed successfully");
        assertThat(output(stack, "extra_said")).isEqualTo("after adopt");
        assertThat(journalEntries(appServer)).hasSize(2);
        assertThat(journalEntries(dbServer)).hasSize(1);
        assertThat(Files.readAllLines(hooksRan)).containsExactly("db_config");
    }

    @Test
    void adHocBackupRunsOncePerMemberWithProgressAndOutputsCancelStopsAHookAndAFailedUpdateRollsBack()
            throws IOException {
        String template = Files.readString(LocalSystem.ROOT.resolve("deploy/examples/backups.yaml"));
        String name = "actions-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", template, "disable_rollback", false))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        String url = "/v1/demo/stacks/" + name + "/" + id;
        CREATED.add(url);
        try (SseRecorder stream = SseRecorder.open(LocalSystem.publicApi() + url + "/stream?last_event_id=0",
                "hearth-dev-token")) {
            assertThat(status(awaitFinal(url))).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
            Map<String, String> servers = LocalSystem.api().get(url).then().extract().jsonPath()
                    .getMap("stack.outputs.find { it.output_key == 'servers' }.output_value");
            assertThat(servers).hasSize(2);
            for (String server : servers.values()) {
                assertThat(actionsRan(server)).containsExactly("CREATE 3");
            }

            // BACKUP on the deployment group: one run per server, with its progress and its outputs
            List<String> backups = LocalSystem.api().body(Map.of("action", "BACKUP", "input_values",
                    Map.of("label", "weekly"))).post(url + "/resources/service_deployments/actions")
                    .then().statusCode(200).extract().jsonPath().getList("software_deployments.id");
            assertThat(backups).hasSize(2);
            for (String deployment : backups) {
                Map<String, Object> run = awaitRun(deployment, "BACKUP");
                assertThat(run).containsEntry("status", "COMPLETE").containsEntry("progress", 90);
                Map<?, ?> outputs = (Map<?, ?>) run.get("output_values");
                assertThat(outputs.get("rows_saved")).isEqualTo("3");
                assertThat((String) outputs.get("backup_path")).endsWith("/work/" + deployment + "/backups/weekly");
            }
            for (String server : servers.values()) {
                assertThat(actionsRan(server)).containsExactly("CREATE 3", "BACKUP weekly");
            }
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() ->
                    assertThat(stream.events("io.hearth.deployment.status-changed.v1").stream()
                            .map(e -> e.path("data"))
                            .filter(d -> d.has("progress") && d.path("status").asText().equals("IN_PROGRESS"))
                            .map(d -> d.path("deploymentId").asText() + " " + d.path("progress").asInt() + " "
                                    + d.path("statusReason").asText()).distinct().toList())
                            .as("each progress report is an event").containsExactlyInAnyOrder(
                                    backups.get(0) + " 10 copying the rows", backups.get(0) + " 90 copied 3 rows",
                                    backups.get(1) + " 10 copying the rows", backups.get(1) + " 90 copied 3 rows"));

            // REINDEX on one deployment, cancelled while its hook sleeps: the hook's processes are stopped
            String reindexed = backups.get(0);
            String server = LocalSystem.api().get("/v1/demo/software_deployments/" + reindexed).then().statusCode(200)
                    .extract().path("software_deployment.server_id");
            Path pidFile = SERVERS.resolve(server).resolve("work").resolve(reindexed).resolve("reindex.pid");
            LocalSystem.api().body(Map.of("action", "REINDEX")).post("/v1/demo/software_deployments/" + reindexed
                    + "/actions").then().statusCode(200);
            await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> Files.exists(pidFile)
                    && Files.readString(pidFile).endsWith("\n"));
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);
            LocalSystem.api().body(Map.of("action", "CANCEL")).post("/v1/demo/software_deployments/" + reindexed
                    + "/actions").then().statusCode(200)
                    .body("software_deployment.status", org.hamcrest.Matchers.equalTo("FAILED"))
                    .body("software_deployment.status_reason", org.hamcrest.Matchers.equalTo("cancelled"));
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                    .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
            assertThat(awaitRun(reindexed, "REINDEX")).containsEntry("status", "FAILED")
                    .containsEntry("status_reason", "cancelled");
            assertThat(actionsRan(server)).containsExactly("CREATE 3", "BACKUP weekly", "REINDEX started");

            // an update whose hooks fail rolls back to the previous definition; as in Heat, the FAILED deployments
            // are replaced (Resource.needs_replace_failed), so their replacements run CREATE with the old rows
            LocalSystem.api().body(Map.of("template", template, "parameters", Map.of("rows", 5000),
                    "disable_rollback", false)).put(url).then().statusCode(202);
            await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> status(LocalSystem.api().get(url)
                    .then().extract().jsonPath()).matches("(ROLLBACK_(COMPLETE|FAILED)|UPDATE_COMPLETE) .*"));
            JsonPath stack = LocalSystem.api().get(url).then().statusCode(200).extract().jsonPath();
            assertThat(status(stack)).isEqualTo("ROLLBACK_COMPLETE Stack ROLLBACK completed successfully");
            assertThat(stack.getString("stack.parameters.rows")).isEqualTo("3");
            for (String each : servers.values()) {
                List<String> ran = actionsRan(each);
                assertThat(ran.subList(ran.size() - 2, ran.size())).containsExactly("UPDATE 5000", "CREATE 3");
            }
        }
    }

    @Test
    void anUpdateOfOneInputOfOneDeploymentOutOfTwentyRerunsExactlyThatOneAsThePreviewSaid() throws IOException {
        StringBuilder template = new StringBuilder("heat_template_version: 2018-08-31\nparameters:\n");
        for (int i = 0; i < 20; i++) {
            template.append("  p").append(i).append(": {type: string, default: v").append(i).append("}\n");
        }
        template.append("""
                resources:
                  server:
                    type: OS::Nova::Server
                    properties: {image: local, flavor: local, user_data_format: SOFTWARE_CONFIG}
                  config:
                    type: OS::Heat::SoftwareConfig
                    properties:
                      group: script
                      inputs: [{name: value}]
                      config: |
                        #!/bin/sh
                        echo "$deploy_resource_name $deploy_action $value" >> ../../hooks-ran.log
                """);
        for (int i = 0; i < 20; i++) {
            template.append("  d").append(i).append(":\n    type: OS::Heat::SoftwareDeployment\n    properties:\n")
                    .append("      config: {get_resource: config}\n      server: {get_resource: server}\n")
                    .append("      input_values: {value: {get_param: p").append(i).append("}}\n");
        }
        String url = create("twenty", template.toString(), Map.of());
        assertThat(status(awaitFinal(url))).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
        String server = physicalId(url, "server");
        Path hooksRan = SERVERS.resolve(server).resolve("hooks-ran.log");
        assertThat(Files.readAllLines(hooksRan)).hasSize(20);

        // the preview says beforehand which deployment would run again, and why
        JsonPath preview = LocalSystem.api().body(Map.of("parameters", Map.of("p7", "changed")))
                .patch(url + "/preview").then().statusCode(200).extract().jsonPath();
        assertThat(preview.getList("resource_changes.updated.resource_name")).containsExactly("d7");
        assertThat(preview.getString("resource_changes.updated[0].hearth_deployment.reruns")).isEqualTo("yes");
        assertThat(preview.getList("resource_changes.updated[0].hearth_deployment.changed_inputs"))
                .containsExactly("value");
        assertThat(preview.getList("resource_changes.unchanged.findAll { it.hearth_deployment != null }"
                + ".hearth_deployment.reruns")).hasSize(19).containsOnly("no");

        LocalSystem.api().body(Map.of("parameters", Map.of("p7", "changed"))).patch(url).then().statusCode(202);
        assertThat(awaitAction(url, "UPDATE")).isEqualTo("UPDATE_COMPLETE Stack UPDATE completed successfully");
        // the agent's journal and the hooks' own lines: d7 ran UPDATE once with its new value, nothing else ran
        assertThat(journalEntries(server)).hasSize(21);
        List<String> lines = Files.readAllLines(hooksRan);
        assertThat(lines).hasSize(21);
        assertThat(lines.get(20)).isEqualTo("d7 UPDATE changed");
    }

    /** Waits until the stack's {@code action} is no longer in progress; its status and reason. */
    private static String awaitAction(String url, String action) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> {
            String status = status(LocalSystem.api().get(url).then().extract().jsonPath());
            return status.startsWith(action + "_") && !status.startsWith(action + "_IN_PROGRESS");
        });
        return status(LocalSystem.api().get(url).then().extract().jsonPath());
    }

    @Test
    void anAgentKilledWhileItsHookRunsDoesNotStartItAgainAndSignalsItsResult() throws IOException {
        String run = UUID.randomUUID().toString().substring(0, 8);
        Path marker = MARKS.resolve("killed-" + run + ".log");
        Path release = MARKS.resolve("killed-" + run + ".release");
        String url = create("killed", oneServer(List.of(new Waiting("slow", marker, release))), Map.of());

        await().atMost(WAIT).until(() -> Files.exists(marker));
        LocalSystem.killCompute(); // the hook runs on, detached from the agent
        LocalSystem.startMissing();
        Files.writeString(release, "go");

        JsonPath stack = awaitFinal(url);
        assertThat(status(stack)).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
        assertThat(output(stack, "slow")).isEqualTo("slow finished");
        assertThat(Files.readAllLines(marker)).as("starts of the hook").containsExactly("started slow");
    }

    @Test
    void signalsSentWhileTheGatewayIsDownAreDeliveredWhenItIsBack() throws IOException {
        String run = UUID.randomUUID().toString().substring(0, 8);
        List<String> names = List.of("first", "second", "third");
        Path release = MARKS.resolve("gateway-" + run + ".release");
        String url = create("gateway", oneServer(names.stream()
                .map(n -> new Waiting(n, MARKS.resolve("gateway-" + run + "-" + n + ".log"), release))
                .toList()), Map.of());

        // The deployments run one after another on the one server: the first is running now.
        await().atMost(WAIT).until(() -> Files.exists(MARKS.resolve("gateway-" + run + "-first.log")));
        LocalSystem.kill("signal-gateway");
        Files.writeString(release, "go"); // the first hook ends while nothing takes its signal
        await().pollDelay(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(4)).until(() -> true);
        LocalSystem.startMissing();

        JsonPath stack = awaitFinal(url);
        assertThat(status(stack)).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
        for (String name : names) {
            assertThat(output(stack, name)).isEqualTo(name + " finished");
            assertThat(Files.readAllLines(MARKS.resolve("gateway-" + run + "-" + name + ".log")))
                    .containsExactly("started " + name);
        }
    }

    @Test
    void aHeatConfigHookInTheHooksDirectoryRunsWithItsInputsAndItsOutputsReachTheStack() throws IOException {
        Files.createDirectories(HOOKS);
        Path hook = HOOKS.resolve("hearth-shout");
        // Written only to the heat-config contract: the deployment JSON on stdin, a JSON result on stdout.
        Files.writeString(hook, """
                #!/usr/bin/env python3
                import json, sys
                item = json.load(sys.stdin)
                inputs = {i["name"]: i.get("value") for i in item.get("inputs", [])}
                print(json.dumps({"deploy_stdout": "shouted " + inputs["word"], "deploy_stderr": "",
                                  "deploy_status_code": 0, "shout": inputs["word"].upper() + "!"}))
                """);
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        String template = """
                heat_template_version: 2018-08-31
                resources:
                  server:
                    type: OS::Nova::Server
                    properties: {image: local, flavor: local, user_data_format: SOFTWARE_CONFIG}
                  config:
                    type: OS::Heat::SoftwareConfig
                    properties:
                      group: hearth-shout
                      inputs: [{name: word}]
                      outputs: [{name: shout}]
                      config: unused by this hook
                  deployment:
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      config: {get_resource: config}
                      server: {get_resource: server}
                      input_values: {word: hello}
                outputs:
                  shout: {value: {get_attr: [deployment, shout]}}
                  stdout: {value: {get_attr: [deployment, deploy_stdout]}}
                """;
        JsonPath stack = awaitFinal(create("hook", template, Map.of()));
        assertThat(status(stack)).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
        assertThat(output(stack, "shout")).isEqualTo("HELLO!");
        assertThat(output(stack, "stdout")).isEqualTo("shouted hello");
    }

    @Test
    void aReplayedSignalChangesNothingAndForgedExpiredOrTamperedUrlsAreRefused() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        Path release = MARKS.resolve("replay-" + run + ".release");
        Files.writeString(release, "go");
        String url = create("replay", oneServer(List.of(new Waiting("once", MARKS.resolve("replay-" + run + ".log"), release))), Map.of());
        assertThat(status(awaitFinal(url))).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");

        String server = physicalId(url, "server");
        JsonPath metadata = LocalSystem.api().get("/v1/demo/software_deployments/metadata/" + server).then()
                .statusCode(200).extract().jsonPath();
        String deploymentId = metadata.getString("metadata[0].deployment_id");
        String signalUrl = metadata.getString("metadata[0].inputs.find { it.name == 'deploy_signal_id' }.value");
        URI signal = URI.create(signalUrl);

        // The agent's signal again, with other outputs: the gateway takes it, the deployment keeps its first.
        given().contentType("application/json").body(Map.of("deploy_status_code", 0, "once", "replayed"))
                .post(signal).then().statusCode(200);
        await().pollDelay(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(3)).until(() -> true);
        LocalSystem.api().get("/v1/demo/software_deployments/" + deploymentId).then().statusCode(200)
                .body("software_deployment.output_values.once", org.hamcrest.Matchers.equalTo("once finished"))
                .body("software_deployment.status", org.hamcrest.Matchers.equalTo("COMPLETE"));

        String query = signal.getRawQuery();
        String base = signalUrl.substring(0, signalUrl.indexOf('?'));
        String signature = query.replaceAll(".*signature=([^&]+).*", "$1");
        String tampered = signature.substring(0, signature.length() - 1)
                + (signature.endsWith("A") ? "B" : "A");
        // Another deployment's path with this deployment's signature, a changed signature, no signature.
        given().body("{}").post(base.replace(deploymentId, UUID.randomUUID().toString()) + "?" + query)
                .then().statusCode(403);
        given().body("{}").post(base + "?" + query.replace(signature, tampered)).then().statusCode(403);
        given().body("{}").post(base).then().statusCode(403);
        // Correctly signed with the development key, but expired an hour ago.
        long expired = Instant.now().minusSeconds(3600).getEpochSecond();
        String path = signal.getRawPath();
        given().body("{}").post(base + "?kid=k1&expires=" + expired + "&signature=" + sign("POST", path, expired))
                .then().statusCode(403).body(org.hamcrest.Matchers.containsString("expired"));
    }

    @Test
    void heatsResourceSignalThroughThePublicEndpointCompletesAWaitingDeploymentOfTheTenantOnly() throws IOException {
        String run = UUID.randomUUID().toString().substring(0, 8);
        Path marker = MARKS.resolve("resource-signal-" + run + ".log");
        Path release = MARKS.resolve("resource-signal-" + run + ".release");
        String url = create("signalled", oneServer(List.of(new Waiting("manual", marker, release))), Map.of());
        await().atMost(WAIT).until(() -> Files.exists(marker)); // the deployment waits for its hook

        // Another tenant's token does not reach it; the stack's own tenant signals it (Heat's resource-signal).
        given().baseUri(LocalSystem.publicApi()).header("X-Auth-Token", "hearth-dev-token").contentType("application/json")
                .body(Map.of("deploy_status_code", 0, "manual", "signalled by hand"))
                .post("/v1/other/stacks/x/resources/manual/signal").then().statusCode(org.hamcrest.Matchers.oneOf(401, 403));
        LocalSystem.api().body(Map.of("deploy_status_code", 0, "manual", "signalled by hand"))
                .post(url + "/resources/manual/signal").then().statusCode(200);
        JsonPath stack = awaitFinal(url);
        assertThat(status(stack)).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
        assertThat(output(stack, "manual")).isEqualTo("signalled by hand");

        // The hook's own signal, later, changes nothing.
        Files.writeString(release, "go");
        await().pollDelay(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(3)).until(() -> true);
        assertThat(output(LocalSystem.api().get(url).then().extract().jsonPath(), "manual")).isEqualTo("signalled by hand");
        LocalSystem.api().body(Map.of()).post(url + "/resources/nothing_here/signal").then().statusCode(404);
    }

    /**
     * A deployment whose script hook appends "started NAME" to {@code marker}, waits until {@code release}
     * exists, then outputs "NAME finished" as its output NAME.
     */
    private record Waiting(String name, Path marker, Path release) {

        String config() {
            return "  " + name + "_config:\n    type: OS::Heat::SoftwareConfig\n    properties:\n"
                    + "      group: script\n      outputs: [{name: " + name + "}]\n      config: |\n"
                    + "        #!/bin/sh\n"
                    + "        echo 'started " + name + "' >> '" + marker + "'\n"
                    + "        while [ ! -f '" + release + "' ]; do sleep 0.1; done\n"
                    + "        printf '" + name + " finished' > \"${heat_outputs_path}." + name + "\"\n";
        }
    }

    /** A stack of one server and these deployments on it, one after another, each output as a stack output. */
    private static String oneServer(List<Waiting> deployments) {
        StringBuilder t = new StringBuilder("""
                heat_template_version: 2018-08-31
                resources:
                  server:
                    type: OS::Nova::Server
                    properties: {image: local, flavor: local, user_data_format: SOFTWARE_CONFIG}
                """);
        StringBuilder outputs = new StringBuilder("outputs:\n");
        String previous = null;
        for (Waiting d : deployments) {
            String name = d.name();
            t.append(d.config()).append("  ").append(name).append(":\n    type: OS::Heat::SoftwareDeployment\n")
                    .append(previous == null ? "" : "    depends_on: [" + previous + "]\n")
                    .append("    properties:\n      config: {get_resource: ").append(name).append("_config}\n")
                    .append("      server: {get_resource: server}\n");
            outputs.append("  ").append(name).append(": {value: {get_attr: [").append(name).append(", ")
                    .append(name).append("]}}\n");
            previous = name;
        }
        return t.append(outputs).toString();
    }

    /** The lines the backups example's hooks appended to a server's {@code actions-ran.log}. */
    private static List<String> actionsRan(String server) throws IOException {
        Path log = SERVERS.resolve(server).resolve("actions-ran.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    /** Waits until the deployment's last ad-hoc run is the action's and no longer IN_PROGRESS; that run. */
    private static Map<String, Object> awaitRun(String deployment, String action) {
        String runs = "/v1/demo/software_deployments/" + deployment + "/runs";
        await().atMost(WAIT).pollInterval(Duration.ofMillis(300)).until(() -> {
            List<Map<String, Object>> all = LocalSystem.api().get(runs).then().statusCode(200).extract().jsonPath()
                    .getList("runs");
            Map<String, Object> last = all.isEmpty() ? Map.of() : all.get(all.size() - 1);
            return action.equals(last.get("action")) && !"IN_PROGRESS".equals(last.get("status"));
        });
        List<Map<String, Object>> all = LocalSystem.api().get(runs).then().extract().jsonPath().getList("runs");
        return all.get(all.size() - 1);
    }

    private static String create(String prefix, String template, Map<String, Object> parameters) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", template, "parameters", parameters))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        String url = "/v1/demo/stacks/" + name + "/" + id;
        CREATED.add(url);
        return url;
    }

    private static JsonPath awaitFinal(String url) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500))
                .until(() -> !status(LocalSystem.api().get(url).then().extract().jsonPath()).startsWith("CREATE_IN_PROGRESS"));
        return LocalSystem.api().get(url).then().statusCode(200).extract().jsonPath();
    }

    private static String status(JsonPath stack) {
        return stack.getString("stack.stack_status") + " " + stack.getString("stack.stack_status_reason");
    }

    private static String output(JsonPath stack, String key) {
        return stack.getString("stack.outputs.find { it.output_key == '" + key + "' }.output_value");
    }

    private static String physicalId(String url, String resource) {
        return LocalSystem.api().get(url + "/resources/" + resource).then().statusCode(200).extract()
                .path("resource.physical_resource_id");
    }

    /** The entries of a server's agent journal (one per run of a deployment). */
    private static List<Path> journalEntries(String serverId) throws IOException {
        try (Stream<Path> entries = Files.list(SERVERS.resolve(serverId).resolve("journal"))) {
            return entries.toList();
        }
    }

    private static boolean answers(String host, int port) {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress(host, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A pre-signed URL's signature with the development key (deploy's default {@code k1}), as the platform makes it. */
    private static String sign(String method, String path, long expires) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("hearth-dev-signing-secret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(
                (method + "\n" + path + "\n" + expires + "\nk1").getBytes(StandardCharsets.UTF_8)));
    }
}
