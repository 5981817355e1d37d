package io.hearth.notifier.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SignatureTests {

    private static final byte[] BODY = "{\"id\":\"e1\"}".getBytes(StandardCharsets.UTF_8);

    @Test
    void theHeaderCarriesTheTimeAndTheHmacOfTimeDotBody() {
        // Computed independently: echo -n '1700000000.{"id":"e1"}' | openssl dgst -sha256 -hmac whsec_test
        assertThat(Signature.header(1_700_000_000L, BODY, "whsec_test", null)).isEqualTo("t=1700000000,"
                + "v1=6a85cb117c993612a34c72b4cfb5a16baed25a80d26e298ce0e6671320fd07c8");
        assertThat(Signature.hmac("whsec_test", 1_700_000_000L, BODY))
                .isNotEqualTo(Signature.hmac("whsec_test", 1_700_000_001L, BODY))
                .isNotEqualTo(Signature.hmac("whsec_other", 1_700_000_000L, BODY));
    }

    @Test
    void duringARotationTheHeaderCarriesBothSignaturesCurrentFirst() {
        assertThat(Signature.header(5, BODY, "new", "old")).isEqualTo("t=5,v1=" + Signature.hmac("new", 5, BODY)
                + ",v1=" + Signature.hmac("old", 5, BODY));
    }

    @Test
    void secretsAreNewEachTime() {
        assertThat(Signature.newSecret()).startsWith("whsec_").hasSize(6 + 43).isNotEqualTo(Signature.newSecret());
    }
}
