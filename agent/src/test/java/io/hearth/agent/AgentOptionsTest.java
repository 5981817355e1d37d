package io.hearth.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {

    @Test
    void argumentsWinOverTheEnvironment() {
        AgentOptions options = AgentOptions.parse(List.of("--metadata-url", "http://127.0.0.1:8006/m/1"),
                Map.of("HEARTH_METADATA_URL", "http://127.0.0.1:9/old", "HEARTH_AGENT_STATE_DIR", "/tmp/s"));
        assertThat(options.metadataUrl().toString()).isEqualTo("http://127.0.0.1:8006/m/1");
        assertThat(options.stateDir()).isEqualTo("/tmp/s");
    }

    @Test
    void badOrMissingOptionsAreNamed() {
        assertThatThrownBy(() -> AgentOptions.parse(List.of(), Map.of()))
                .hasMessageContaining("--metadata-url (or HEARTH_METADATA_URL) is required");
        assertThatThrownBy(() -> AgentOptions.parse(List.of("--metadata-url", "ftp://x"), Map.of()))
                .hasMessageContaining("must be an http or https URL");
        assertThatThrownBy(() -> AgentOptions.parse(List.of("--bogus"), Map.of()))
                .hasMessage("unknown option --bogus");
        assertThatThrownBy(() -> AgentOptions.parse(List.of("--metadata-url"), Map.of()))
                .hasMessage("--metadata-url needs a value");
    }
}
