package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Breakpoints as a Heat user sets and clears them with Debian's {@code openstack} CLI: the app-and-db example
 * ({@code deploy/demo}'s) created with a {@code pre-create} hook on its app deployment waits there ({@code stack hook
 * poll}), across a restart of deployment-service, until {@code stack hook clear} lets it go on to CREATE_COMPLETE.
 */
@Order(2) // the example's servers run on the local compute driver
class BreakpointIT {

    private static final Duration WAIT = Duration.ofMinutes(3);

    private final OpenStackCli cli = OpenStackCli.devToken();

    @BeforeAll
    static void system() {
        LocalSystem.up();
    }

    @Test
    void aPreCreateHookHoldsTheAppDeploymentUntilHookClearLetsItGoOn() throws Exception {
        Path environment = LocalSystem.ROOT.resolve("system-tests/target/breakpoint-env.yaml");
        Files.createDirectories(environment.getParent());
        Files.writeString(environment, """
                resource_registry:
                  resources:
                    app_deployment:
                      hooks: pre-create
                """);
        String name = "breakpoint-" + UUID.randomUUID().toString().substring(0, 8);
        cli.ok("stack", "create", "-t", "deploy/examples/app-and-db.yaml", "-e", environment.toString(), name);

        await().atMost(WAIT).pollInterval(Duration.ofSeconds(1)).until(() -> poll(name).size() == 1);
        JsonNode waiting = poll(name).get(0);
        assertThat(waiting.path("Resource Name").asText()).isEqualTo("app_deployment");
        assertThat(waiting.path("Resource Status Reason").asText())
                .isEqualTo("CREATE paused until Hook pre-create is cleared");
        assertThat(waiting.path("Resource Status").asText()).isEqualTo("INIT_COMPLETE");
        assertThat(status(name)).isEqualTo("CREATE_IN_PROGRESS");
        // everything the app deployment does not wait for is done
        assertThat(cli.json("stack", "resource", "show", name, "db_deployment").path("resource_status").asText())
                .isEqualTo("CREATE_COMPLETE");

        // the wait is the database's, not deployment-service's memory
        LocalSystem.kill("deployment-service");
        LocalSystem.startMissing();
        assertThat(poll(name)).hasSize(1);
        assertThat(status(name)).isEqualTo("CREATE_IN_PROGRESS");

        cli.ok("stack", "hook", "clear", name, "app_deployment", "--pre-create");
        List<String> followed = cli.follow(line -> line.contains("Stack CREATE completed successfully")
                || line.contains("CREATE_FAILED"), WAIT, "stack", "event", "list", name, "--follow");
        assertThat(followed).anyMatch(line -> line.contains("[" + name + ".app_deployment]: INIT_COMPLETE  Hook "
                + "pre-create is cleared"));
        assertThat(followed.get(followed.size() - 1)).contains("[" + name + "]: CREATE_COMPLETE");
        assertThat(status(name)).isEqualTo("CREATE_COMPLETE");
        assertThat(cli.ok("stack", "output", "show", name, "app_result", "-f", "value", "-c", "output_value"))
                .isNotBlank();

        // a hook that is not set (any more) is Heat's error
        OpenStackCli.Result again = cli.run("stack", "hook", "clear", name, "app_deployment", "--pre-create");
        assertThat(again.exitCode()).isNotZero();
        assertThat(again.stderr()).contains("The \"pre-create\" hook is not defined on SoftwareDeployment "
                + "\"app_deployment\"");

        cli.ok("stack", "delete", "--yes", "--wait", name);
    }

    private List<JsonNode> poll(String name) {
        JsonNode rows = cli.json("stack", "hook", "poll", name);
        List<JsonNode> list = new java.util.ArrayList<>();
        rows.forEach(list::add);
        return list;
    }

    private String status(String name) {
        return cli.json("stack", "show", name).path("stack_status").asText();
    }
}
