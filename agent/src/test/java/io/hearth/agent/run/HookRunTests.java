package io.hearth.agent.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.agent.FakeGateway;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.agent.hook.Tail;
import io.hearth.agent.journal.JournalEntry;
import io.hearth.agent.journal.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hooks run through the runner (transport NO_SIGNAL, so the result is read from the journal). */
class HookRunTests {

    @TempDir
    Path temp;
    FakeGateway gateway;
    RunnerFixture fixture;

    @BeforeEach
    void setUp() throws Exception {
        gateway = new FakeGateway();
        fixture = new RunnerFixture(temp, gateway);
    }

    @AfterEach
    void tearDown() {
        gateway.close();
    }

    @Test
    void theScriptHookGetsInputsAsEnvironmentAndReturnsStdoutStderrExitCodeAndOutputFiles() throws Exception {
        ObjectNode item = fixture.item("d-script", "script", """
                #!/bin/sh
                echo "hello $greeting"
                echo "a warning" >&2
                printf '%s' "$count" > "$heat_outputs_path.count"
                printf '%s' "$data" > "$heat_outputs_path.data"
                pwd > "${heat_outputs_path}.cwd"
                printf '%s %s' "$HEARTH_SERVER_ADDRESS" "$HEARTH_SERVER_ID" > "$heat_outputs_path.who"
                exit 3
                """);
        FakeGateway.input(RunnerFixture.inputs(item), "greeting", "world");
        FakeGateway.input(RunnerFixture.inputs(item), "count", 5);
        FakeGateway.input(RunnerFixture.inputs(item), "data", Map.of("a", List.of(1, 2)));
        RunnerFixture.outputs(item, "count", "data", "cwd", "who", "never_written");

        JournalEntry entry = fixture.run(item);

        assertThat(entry.phase()).isEqualTo(Phase.NOT_SIGNALLED);
        JsonNode result = entry.result();
        assertThat(result.path("deploy_stdout").asText()).isEqualTo("hello world\n");
        assertThat(result.path("deploy_stderr").asText()).isEqualTo("a warning\n");
        assertThat(result.path("deploy_status_code").asInt()).isEqualTo(3);
        assertThat(result.path("count").asText()).isEqualTo("5");
        assertThat(result.path("data").asText()).isEqualTo("{\"a\":[1,2]}");
        assertThat(result.path("cwd").asText().strip())
                .isEqualTo(fixture.server("boot-1").workDir("d-script").toRealPath().toString());
        assertThat(result.path("who").asText()).isEqualTo("127.0.0.9 " + FakeGateway.SERVER);
        assertThat(result.has("never_written")).isFalse();
    }

    @Test
    void aJsonObjectInTheFactsFileIsSignalledAsTheFactsOutputBesideTheDeclaredOutputs() throws Exception {
        ObjectNode item = gateway.item("d-facts", "script", """
                #!/bin/sh
                printf '%s' "generated" > "$heat_outputs_path.key"
                printf '{"head_key": "ssh-ed25519 AAAA", "slots": 4, "nodes": ["c-0", "c-1"]}' \\
                  > "$heat_outputs_path.facts"
                """, 1, "TEMP_URL_SIGNAL");
        RunnerFixture.outputs(item, "key");

        JournalEntry entry = fixture.run(item);

        assertThat(entry.phase()).isEqualTo(Phase.SIGNALLED);
        assertThat(gateway.accepted()).singleElement().satisfies(s -> {
            assertThat(s.body().path("deploy_status_code").asInt()).isZero();
            assertThat(s.body().path("key").asText()).isEqualTo("generated");
            assertThat(s.body().get("facts")).isEqualTo(HearthJson.readTree(
                    "{\"head_key\": \"ssh-ed25519 AAAA\", \"slots\": 4, \"nodes\": [\"c-0\", \"c-1\"]}"));
            assertThat(s.body().path("deploy_stderr").asText()).isEmpty();
        });
    }

    @Test
    void aFactsFileThatIsNoJsonObjectIsNotSentAndDeployStderrSaysSo() throws Exception {
        ObjectNode list = fixture.item("d-list", "script", """
                #!/bin/sh
                echo "a warning" >&2
                printf '[1, 2]' > "$heat_outputs_path.facts"
                """);
        ObjectNode text = fixture.item("d-text", "script", """
                #!/bin/sh
                printf 'head_key=abc' > "$heat_outputs_path.facts"
                """);
        // A declared output named facts keeps Heat's meaning: the file's text.
        ObjectNode declared = fixture.item("d-declared", "script", """
                #!/bin/sh
                printf 'head_key=abc' > "$heat_outputs_path.facts"
                """);
        RunnerFixture.outputs(declared, "facts");

        JsonNode notAnObject = fixture.run(list).result();
        JsonNode notJson = fixture.run(text).result();
        JsonNode asDeclared = fixture.run(declared).result();

        assertThat(notAnObject.has("facts")).isFalse();
        assertThat(notAnObject.path("deploy_status_code").asInt()).isZero();
        assertThat(notAnObject.path("deploy_stderr").asText()).isEqualTo("a warning\nhearth-agent:"
                + " ${heat_outputs_path}.facts is JSON but not an object; stack facts must be a JSON object, none"
                + " were sent\n");
        assertThat(notJson.has("facts")).isFalse();
        assertThat(notJson.path("deploy_status_code").asInt()).isZero();
        assertThat(notJson.path("deploy_stderr").asText()).isEqualTo("hearth-agent: ${heat_outputs_path}.facts"
                + " is not JSON; stack facts must be a JSON object, none were sent\n");
        assertThat(asDeclared.path("facts").asText()).isEqualTo("head_key=abc");
        assertThat(asDeclared.path("deploy_stderr").asText()).isEmpty();
    }

    @Test
    void aHeatConfigHookInTheHooksDirGetsTheItemOnStdinAndItsJsonIsTheResult() throws Exception {
        Path hook = fixture.hooksDir.resolve("shout");
        Files.writeString(hook, """
                #!/bin/sh
                item=$(cat)
                case "$item" in *'"id":"d-hook"'*) seen=yes ;; *) seen=no ;; esac
                printf '{"deploy_stdout": "item seen: %s", "deploy_stderr": "", "deploy_status_code": 0, "shout": "HELLO %s"}' \\
                  "$seen" "$HEARTH_SERVER_ID"
                """);
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));

        JsonNode result = fixture.run(fixture.item("d-hook", "shout", "unused")).result();

        assertThat(result.path("deploy_stdout").asText()).isEqualTo("item seen: yes");
        assertThat(result.path("deploy_status_code").asInt()).isZero();
        assertThat(result.path("shout").asText()).isEqualTo("HELLO " + FakeGateway.SERVER);
    }

    @Test
    void aHookWhoseStdoutIsNotJsonFailsAndSaysWhy() throws Exception {
        Path hook = fixture.hooksDir.resolve("chatty");
        Files.writeString(hook, "#!/bin/sh\necho 'this is not json'\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));

        JsonNode result = fixture.run(fixture.item("d-chatty", "chatty", "x")).result();

        assertThat(result.path("deploy_status_code").asInt()).isNotZero();
        assertThat(result.path("deploy_stderr").asText()).contains("did not write a JSON object on stdout");
        assertThat(result.path("deploy_stdout").asText()).isEqualTo("this is not json\n");
    }

    @Test
    void aGroupWithoutAHookFailsAndNamesIt() throws Exception {
        JournalEntry entry = fixture.run(fixture.item("d-missing", "puppet-nowhere", "x"));

        assertThat(entry.phase()).isEqualTo(Phase.NOT_SIGNALLED);
        assertThat(entry.result().path("deploy_status_code").asInt()).isNotZero();
        assertThat(entry.result().path("deploy_stderr").asText())
                .contains("no hook for group 'puppet-nowhere'").contains(fixture.hooksDir.toString());
    }

    @Test
    void stdoutIsCappedAndItsOldestPartDropped() throws Exception {
        ObjectNode item = fixture.item("d-big", "Heat::Ungrouped", """
                #!/bin/sh
                printf 'FIRST'
                head -c 1000000 /dev/zero | tr '\\0' 'a'
                printf 'LAST'
                """);

        String stdout = fixture.run(item).result().path("deploy_stdout").asText();

        assertThat(stdout).hasSize(Tail.MAX_BYTES).endsWith("aLAST").doesNotContain("FIRST");
    }

    @Test
    void aRunTheJournalHoldsIsNeverRunAgainButANewGenerationIs() throws Exception {
        Path marker = temp.resolve("marker");
        String config = "#!/bin/sh\necho ran >> '" + marker + "'\n";
        fixture.run(fixture.item("d-once", "script", config));
        fixture.run(fixture.item("d-once", "script", config));
        assertThat(Files.readAllLines(marker)).containsExactly("ran");

        fixture.run(gateway.item("d-once", "script", config, 2, "NO_SIGNAL"));
        assertThat(Files.readAllLines(marker)).containsExactly("ran", "ran");
        assertThat(fixture.journal().entries()).hasSize(2);
    }
}
