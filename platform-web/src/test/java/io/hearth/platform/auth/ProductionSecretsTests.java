package io.hearth.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProductionSecretsTests {

    private static final List<String> TOKENS = List.of("s3cret-token:acme", "other-token:other");
    private static final List<String> KEYS = List.of("2026a:a-long-random-secret", "2025b:the-previous-one");

    @Test
    void aConfigurationWithItsOwnTokensAndKeysPasses() {
        assertThat(ProductionSecrets.problems(TOKENS, true, true, KEYS, "2026a", false)).isEmpty();
    }

    @Test
    void missingTokensAreNamedWithTheirEnvironmentVariable() {
        assertThat(ProductionSecrets.problems(List.of(), true, true, KEYS, "2026a", false))
                .singleElement().asString()
                .startsWith("hearth.auth.tokens (HEARTH_AUTH_TOKENS) is not set");
        assertThat(ProductionSecrets.problems(List.of(" ", ""), true, true, KEYS, "2026a", false))
                .singleElement().asString().startsWith("hearth.auth.tokens (HEARTH_AUTH_TOKENS) is not set");
    }

    @Test
    void missingKeysAreNamedWithTheirEnvironmentVariable() {
        assertThat(ProductionSecrets.problems(TOKENS, true, true, List.of(), "k1", false))
                .singleElement().asString()
                .startsWith("hearth.signing.keys (HEARTH_SIGNING_KEYS) is not set");
    }

    @Test
    void bothMissingAreBothReported() {
        assertThat(ProductionSecrets.problems(List.of(), true, true, List.of(), "k1", false)).hasSize(2);
    }

    @Test
    void aServiceThatSignsNothingNeedsNoKeys() {
        assertThat(ProductionSecrets.problems(TOKENS, true, false, List.of(), "k1", false)).isEmpty();
    }

    @Test
    void theDevelopmentTokenIsRefused() {
        assertThat(ProductionSecrets.problems(List.of("s3cret-token:acme", "hearth-dev-token:demo"), true, true, KEYS,
                "2026a", false))
                .singleElement().asString()
                .contains("HEARTH_AUTH_TOKENS").contains("development token hearth-dev-token");
    }

    @Test
    void theDevelopmentSigningSecretIsRefusedUnderAnyKeyId() {
        assertThat(ProductionSecrets.problems(TOKENS, true, true, List.of("2026a:x-y-z", "old:hearth-dev-signing-secret"),
                "2026a", false))
                .singleElement().asString()
                .contains("HEARTH_SIGNING_KEYS").contains("development signing secret");
    }

    @Test
    void deployMayAllowTheDevelopmentSecretsForTheLocalSystem() {
        assertThat(ProductionSecrets.problems(List.of("hearth-dev-token:demo"), true, true,
                List.of("k1:hearth-dev-signing-secret"), "k1", true)).isEmpty();
    }

    @Test
    void anActiveKeyThatIsNotConfiguredIsNamed() {
        assertThat(ProductionSecrets.problems(TOKENS, true, true, KEYS, "k1", false))
                .singleElement().asString()
                .isEqualTo("hearth.signing.active-key (HEARTH_SIGNING_ACTIVE_KEY) 'k1' is not one of"
                        + " hearth.signing.keys [2026a, 2025b]");
    }

    @Test
    void malformedEntriesAreNamed() {
        assertThat(ProductionSecrets.problems(List.of("no-tenant"), true, true, List.of("no-secret"), "k1", false))
                .containsExactly("hearth.auth.tokens entry must be token:tenant, got 'no-tenant' (HEARTH_AUTH_TOKENS)",
                        "hearth.signing.keys entry must be kid:secret (HEARTH_SIGNING_KEYS)");
    }

    @Test
    void keystoneModeNeedsNoStaticTokensButStillRefusesTheDevelopmentToken() {
        assertThat(ProductionSecrets.problems(List.of(), false, true, KEYS, "2026a", false)).isEmpty();
        assertThat(ProductionSecrets.problems(List.of("hearth-dev-token:demo"), false, true, KEYS, "2026a", false))
                .singleElement().asString().contains("contains the development token hearth-dev-token");
    }
}
