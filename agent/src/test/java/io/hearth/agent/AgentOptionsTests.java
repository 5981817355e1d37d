package io.hearth.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentOptionsTests {

    @TempDir
    Path temp;

    @Test
    void argumentsWinOverTheEnvironment() {
        AgentOptions options = AgentOptions.parse(List.of("--metadata-url", "http://127.0.0.1:8006/m/1"),
                Map.of("HEARTH_METADATA_URL", "http://127.0.0.1:9/old", "HEARTH_AGENT_STATE_DIR", "/tmp/s"));
        assertThat(options.metadataUrl().toString()).isEqualTo("http://127.0.0.1:8006/m/1");
        assertThat(options.stateDir()).isEqualTo("/tmp/s");
        assertThat(options.hooksDirs()).startsWith(Path.of("/tmp/s/hooks"));
        assertThat(options.address()).isNull();
    }

    @Test
    void aConfigFileIsReadBetweenArgumentsAndEnvironment() throws Exception {
        Path file = temp.resolve("agent.conf");
        Files.writeString(file, """
                # written by cloud-init
                metadata_url=http://127.0.0.1:8006/v1/stacks/s1/servers/srv-9/metadata?kid=k1&expires=1&signature=x
                state_dir = "/var/lib/hearth-agent"
                HEARTH_AGENT_HOOKS_DIR=/opt/hooks:/usr/hooks
                address=10.0.0.7
                """);
        AgentOptions options = AgentOptions.parse(List.of("--config", file.toString(), "--address=10.0.0.8"),
                Map.of("HEARTH_AGENT_STATE_DIR", "/ignored", "HEARTH_AGENT_ADDRESS", "10.0.0.9"));
        assertThat(options.metadataUrl().getRawQuery()).isEqualTo("kid=k1&expires=1&signature=x");
        assertThat(options.serverId()).isEqualTo("srv-9");
        assertThat(options.stateDir()).isEqualTo("/var/lib/hearth-agent");
        assertThat(options.hooksDirs()).containsExactly(Path.of("/opt/hooks"), Path.of("/usr/hooks"));
        assertThat(options.address()).isEqualTo("10.0.0.8");

        AgentOptions fromEnv = AgentOptions.parse(List.of(), Map.of("HEARTH_AGENT_CONFIG", file.toString()));
        assertThat(fromEnv.address()).isEqualTo("10.0.0.7");
    }

    @Test
    void badOrMissingOptionsAreNamed() throws Exception {
        assertThatThrownBy(() -> AgentOptions.parse(List.of(), Map.of()))
                .hasMessageContaining("--metadata-url (or HEARTH_METADATA_URL) is required");
        assertThatThrownBy(() -> AgentOptions.parse(List.of("--metadata-url", "ftp://x"), Map.of()))
                .hasMessageContaining("must be an http or https URL");
        assertThatThrownBy(() -> AgentOptions.parse(List.of("--bogus"), Map.of()))
                .hasMessage("unknown option --bogus");
        assertThatThrownBy(() -> AgentOptions.parse(List.of("--metadata-url"), Map.of()))
                .hasMessage("--metadata-url needs a value");
        Path file = temp.resolve("bad.conf");
        Files.writeString(file, "colour=blue\n");
        assertThatThrownBy(() -> AgentOptions.parse(List.of("--config", file.toString()), Map.of()))
                .hasMessageContaining("line 1: unknown key colour");
        assertThatThrownBy(() -> AgentOptions.parse(List.of("--config", temp.resolve("none").toString()), Map.of()))
                .hasMessageContaining("cannot read the config file");
    }

    @Test
    void hostModeHasItsDefaultsAndTakesTheEnvironment() {
        HostOptions defaults = HostOptions.parse(List.of("--state-dir", "/srv/compute"), Map.of());
        assertThat(defaults.bootstrapServers()).isEqualTo("127.0.0.1:9092");
        assertThat(defaults.driverId()).startsWith("local@");
        assertThat(HostOptions.parse(List.of("--driver", "local@a"), Map.of()).driverId()).isEqualTo("local@a");
        assertThat(defaults.stateDir()).isEqualTo(Path.of("/srv/compute"));
        assertThat(defaults.hooksDirs()).startsWith(Path.of("/srv/compute/hooks"));

        HostOptions given = HostOptions.parse(List.of("--hooks-dir", "/h", "--bootstrap-servers", "k:9092"),
                Map.of("KAFKA_BOOTSTRAP_SERVERS", "other:9092", "HEARTH_AGENT_STATE_DIR", "/s"));
        assertThat(given.bootstrapServers()).isEqualTo("k:9092");
        assertThat(given.stateDir()).isEqualTo(Path.of("/s"));
        assertThat(given.hooksDirs()).containsExactly(Path.of("/h"));
        assertThatThrownBy(() -> HostOptions.parse(List.of("--metadata-url", "x"), Map.of()))
                .hasMessage("unknown option --metadata-url");
    }
}
