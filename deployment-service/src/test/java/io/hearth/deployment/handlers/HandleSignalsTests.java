package io.hearth.deployment.handlers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.domain.ResourceRuntime;
import org.junit.jupiter.api.Test;

/** Heat's handle signal rules ({@code test_waitcondition.py}'s expectations): defaults, replacement by id, checks. */
class HandleSignalsTests {

    @Test
    void aSignalWithoutDetailsGetsHeatsDefaultsAndIsNumberedAfterTheSignalsKept() {
        ResourceRuntime handle = new ResourceRuntime();
        HandleSignals signals = HandleSignals.of(handle);
        assertThat(signals.add(null)).isEqualTo("status:SUCCESS reason:Signal 1 received");
        assertThat(signals.add(HearthJson.readTree("{\"data\": \"foo\", \"reason\": \"bar\", \"id\": \"123\"}")))
                .isEqualTo("status:SUCCESS reason:bar");
        assertThat(signals.add(HearthJson.readTree("{}"))).isEqualTo("status:SUCCESS reason:Signal 3 received");
        signals.store(handle);

        HandleSignals stored = HandleSignals.of(handle);
        assertThat(stored.data()).isEqualTo("{\"1\": null, \"123\": \"foo\", \"3\": null}");
        assertThat(stored.statuses()).containsExactly("SUCCESS", "SUCCESS", "SUCCESS");
    }

    @Test
    void aSignalWithAnIdKeptAlreadyReplacesItInPlace() {
        HandleSignals signals = HandleSignals.of(new ResourceRuntime());
        signals.add(HearthJson.readTree("{\"id\": \"a\", \"data\": 1}"));
        signals.add(HearthJson.readTree("{\"id\": 7, \"data\": 2}"));
        signals.add(HearthJson.readTree("{\"id\": \"a\", \"data\": 3, \"status\": \"FAILURE\", \"reason\": \"no\"}"));
        assertThat(signals.data()).isEqualTo("{\"a\": 3, \"7\": 2}");
        assertThat(signals.statuses()).containsExactly("FAILURE", "SUCCESS");
        assertThat(signals.reasons("FAILURE")).containsExactly("no");
        assertThat(signals.reasons("SUCCESS")).containsExactly("Signal 2 received");
    }

    @Test
    void anotherStatusAnotherKeyOrABodyThatIsNoObjectIsHeatsMetadataFormatInvalid() {
        HandleSignals signals = HandleSignals.of(new ResourceRuntime());
        for (String body : new String[] {"{\"status\": \"DONE\"}", "{\"colour\": \"red\"}", "[1]", "\"text\""}) {
            assertThatThrownBy(() -> signals.add(HearthJson.readTree(body))).as(body)
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("Metadata format invalid");
        }
        assertThat(signals.statuses()).isEmpty();
    }
}
