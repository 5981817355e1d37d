package io.hearth.platform.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hearth.platform.signing.PresignedUrls.Verification;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Signing and checking pre-signed URLs, as a plain unit. */
class PresignedUrlsTests {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final String PATH = "/v1/signal/deployments/d1";

    private final PresignedUrls k1 = new PresignedUrls(Map.of("k1", "one"), "k1", CLOCK);

    @Test
    void aSignedQueryIsAcceptedForItsMethodAndPathUntilItExpires() {
        String query = k1.sign("POST", PATH, NOW.plusSeconds(60));
        assertThat(query).startsWith("kid=k1&expires=" + NOW.plusSeconds(60).getEpochSecond() + "&signature=");
        assertThat(k1.verify("POST", PATH, query)).isEqualTo(Verification.OK);
        assertThat(k1.verify("post", PATH, query)).isEqualTo(Verification.OK);
        PresignedUrls later = new PresignedUrls(Map.of("k1", "one"), "k1",
                Clock.fixed(NOW.plusSeconds(61), ZoneOffset.UTC));
        assertThat(later.verify("POST", PATH, query)).isEqualTo(Verification.EXPIRED);
    }

    @Test
    void aWholeUrlJoinsTheBaseThePathAndTheQuery() {
        String url = k1.url("http://127.0.0.1:8006/", "POST", PATH, NOW.plusSeconds(60));
        assertThat(url).startsWith("http://127.0.0.1:8006/v1/signal/deployments/d1?kid=k1&expires=");
        assertThat(k1.verify("POST", PATH, url.substring(url.indexOf('?') + 1))).isEqualTo(Verification.OK);
    }

    @Test
    void tamperingWithMethodPathExpiryOrSignatureIsRefused() {
        String query = k1.sign("POST", PATH, NOW.plusSeconds(60));
        assertThat(k1.verify("PUT", PATH, query)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(k1.verify("POST", PATH + "x", query)).isEqualTo(Verification.BAD_SIGNATURE);
        String later = query.replace("expires=" + NOW.plusSeconds(60).getEpochSecond(),
                "expires=" + NOW.plusSeconds(6000).getEpochSecond());
        assertThat(k1.verify("POST", PATH, later)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(k1.verify("POST", PATH, query.replace("expires=", "expires=x"))).isEqualTo(Verification.BAD_SIGNATURE);
        char last = query.charAt(query.length() - 1);
        String flipped = query.substring(0, query.length() - 1) + (last == 'A' ? 'B' : 'A');
        assertThat(k1.verify("POST", PATH, flipped)).isEqualTo(Verification.BAD_SIGNATURE);
        PresignedUrls otherSecret = new PresignedUrls(Map.of("k1", "two"), "k1", CLOCK);
        assertThat(otherSecret.verify("POST", PATH, query)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void aQueryWithoutEveryPartIsMissingAndAnUnknownKeyIsNamed() {
        assertThat(k1.verify("POST", PATH, (String) null)).isEqualTo(Verification.MISSING);
        assertThat(k1.verify("POST", PATH, "kid=k1&expires=1")).isEqualTo(Verification.MISSING);
        assertThat(k1.verify("POST", PATH, "kid=k1&signature=abc")).isEqualTo(Verification.MISSING);
        assertThat(k1.verify("POST", PATH, "kid=k9&expires=1&signature=abc")).isEqualTo(Verification.UNKNOWN_KEY);
    }

    @Test
    void rotationAcceptsBothKeysWhileTheNewOneSigns() {
        String old = k1.sign("POST", PATH, NOW.plusSeconds(60));
        PresignedUrls rotated = new PresignedUrls(Map.of("k1", "one", "k2", "two"), "k2", CLOCK);
        String fresh = rotated.sign("POST", PATH, NOW.plusSeconds(60));
        assertThat(fresh).startsWith("kid=k2&");
        assertThat(rotated.verify("POST", PATH, old)).isEqualTo(Verification.OK);
        assertThat(rotated.verify("POST", PATH, fresh)).isEqualTo(Verification.OK);
        PresignedUrls retired = new PresignedUrls(Map.of("k2", "two"), "k2", CLOCK);
        assertThat(retired.verify("POST", PATH, old)).isEqualTo(Verification.UNKNOWN_KEY);
        assertThat(retired.verify("POST", PATH, fresh)).isEqualTo(Verification.OK);
    }

    @Test
    void anActiveKeyThatIsNotConfiguredIsAnError() {
        assertThatThrownBy(() -> new PresignedUrls(Map.of("k1", "one"), "k2", CLOCK))
                .hasMessage("hearth.signing.active-key 'k2' is not one of hearth.signing.keys [k1]");
    }
}
