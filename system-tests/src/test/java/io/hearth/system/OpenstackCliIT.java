package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Debian's {@code openstack} CLI, unchanged, drives the app-and-db example (deploy/examples) through the stack
 * commands a Heat user has: create, snapshots, update, restore (the RandomString's value and a deployment's output
 * back as recorded), file list, environment show, check, suspend and resume, the service list, delete.
 */
@Order(2) // needs the local compute driver, which later classes stop (LocalSystem.withoutLocalCompute)
class OpenstackCliIT {

    /** A name and a database port of this run's own (a stack of an earlier run may still be there). */
    private static final String STACK = "cli-" + java.util.UUID.randomUUID().toString().substring(0, 8);
    private static final String PORT = Integer.toString(15500 + new java.util.Random().nextInt(400));

    private static OpenstackCli cli;

    @BeforeAll
    static void system() {
        LocalSystem.ensureHeatClient();
        assertThat(OpenstackCli.installed()).as("Debian's python3-openstackclient (/usr/bin/openstack)").isTrue();
        LocalSystem.up();
        cli = OpenstackCli.adminToken(LocalSystem.publicApi() + "/v1/demo", "hearth-dev-token");
    }

    @Test
    void theOpenstackCliSnapshotsUpdatesRestoresChecksAndDeletesTheExample() {
        String template = LocalSystem.ROOT.resolve("deploy/examples/app-and-db.yaml").toString();
        cli.run("stack", "create", "--wait", "-t", template, "--parameter", "db_port=" + PORT, STACK).ok();
        assertThat(status()).isEqualTo("CREATE_COMPLETE");
        String password = password();
        assertThat(endpoint()).startsWith("kvdb://app@");

        JsonNode snapshot = cli.json("stack", "snapshot", "create", "--name", "before", STACK);
        String snapshotId = snapshot.get("ID").asText();
        assertThat(snapshot.get("status").asText()).isEqualTo("COMPLETE");
        assertThat(status()).isEqualTo("SNAPSHOT_COMPLETE");
        assertThat(cli.run("stack", "snapshot", "list", STACK, "-f", "value", "-c", "id").ok()).contains(snapshotId);
        JsonNode shown = cli.json("stack", "snapshot", "show", STACK, snapshotId);
        JsonNode data = shown.path("snapshot").path("data");
        assertThat(data.path("resources").path("db_password").path("resource_data").path("hearth")
                .path("attributes").path("value").asText()).isEqualTo(password);
        assertThat(data.path("environment").path("parameters").path("db_port").asText()).isEqualTo(PORT);

        cli.run("stack", "update", "--wait", "--existing", "--parameter", "db_user=other", STACK).ok();
        assertThat(endpoint()).startsWith("kvdb://other@");

        cli.run("stack", "snapshot", "restore", STACK, snapshotId).ok();
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofSeconds(2))
                .until(() -> "UPDATE_COMPLETE".equals(status()) && endpoint().startsWith("kvdb://app@"));
        assertThat(password()).as("the RandomString's value as recorded").isEqualTo(password);

        JsonNode files = cli.json("stack", "file", "list", STACK);
        assertThat(files.has("files")).as("file list: %s", files).isTrue();
        assertThat(files.get("files").size()).isZero();
        assertThat(cli.json("stack", "environment", "show", STACK).path("parameters").path("db_port").asText())
                .isEqualTo(PORT);

        cli.run("stack", "check", STACK).ok();
        await().atMost(Duration.ofMinutes(2)).until(() -> "CHECK_COMPLETE".equals(status()));
        cli.run("stack", "suspend", "--wait", STACK).ok();
        assertThat(status()).isEqualTo("SUSPEND_COMPLETE");
        cli.run("stack", "resume", "--wait", STACK).ok();
        assertThat(status()).isEqualTo("RESUME_COMPLETE");

        List<String> services = new ArrayList<>();
        cli.json("orchestration", "service", "list").forEach(service -> services.add(service.path("Binary").asText()
                + "=" + service.path("Status").asText()));
        assertThat(services).contains("hearth-template-service=up", "hearth-deployment-service=up",
                "hearth-signal-gateway=up", "hearth-notifier=up");

        cli.run("stack", "snapshot", "delete", STACK, snapshotId).ok();
        assertThat(cli.run("stack", "snapshot", "list", STACK, "-f", "value", "-c", "id").ok()).doesNotContain(
                snapshotId);
        cli.run("stack", "delete", "--wait", "-y", STACK).ok();
        assertThat(cli.run("stack", "show", STACK).exitCode()).isNotZero();
    }

    private static String status() {
        return cli.json("stack", "show", STACK, "-c", "stack_status").path("stack_status").asText();
    }

    private static String password() {
        return cli.json("stack", "resource", "show", STACK, "db_password", "-c", "attributes")
                .path("attributes").path("value").asText();
    }

    private static String endpoint() {
        return cli.json("stack", "output", "show", STACK, "db_endpoint").path("output_value").asText();
    }
}
