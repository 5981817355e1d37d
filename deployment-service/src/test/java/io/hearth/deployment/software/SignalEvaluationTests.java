package io.hearth.deployment.software;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.Status;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Heat's signal rules, as a plain unit. */
class SignalEvaluationTests {

    private static final JsonNode OUTPUTS = HearthJson.readTree("""
            [{"name": "result"}, {"name": "err", "error_output": true}, {"name": "err2", "error_output": true}]""");

    @Test
    void everyReasonIsJoinedStatusCodeFirstAndValuesAsPythonPrintsThem() {
        Map<String, JsonNode> outputs = new LinkedHashMap<>();
        outputs.put("err2", HearthJson.readTree("{\"a\": 1}"));
        outputs.put("err", HearthJson.readTree("\"boom\""));
        SignalEvaluation result = SignalEvaluation.of(OUTPUTS, 2, "o", "e", outputs);
        assertThat(result.status()).isEqualTo(Status.FAILED);
        assertThat(result.statusReason()).isEqualTo(
                "deploy_status_code : Deployment exited with non-zero status code: 2, err : boom, err2 : {'a': 1}");
    }

    @Test
    void undeclaredOutputsAreDroppedAndAMissingStatusCodeCompletes() {
        SignalEvaluation result = SignalEvaluation.of(OUTPUTS, null, null, null,
                Map.of("result", HearthJson.readTree("1"), "other", HearthJson.readTree("2")));
        assertThat(result.status()).isEqualTo(Status.COMPLETE);
        assertThat(result.statusReason()).isEqualTo("Outputs received");
        assertThat(result.outputValues()).isEqualTo(HearthJson.readTree(
                "{\"result\": 1, \"deploy_stdout\": null, \"deploy_stderr\": null, \"deploy_status_code\": null}"));
    }
}
