package io.hearth.platform.auth;

import io.hearth.platform.signing.PresignedUrls;
import io.hearth.platform.signing.SigningConfig;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigUtils;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import jakarta.interceptor.Interceptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses to start a service in the production profile without its tenant tokens or (when it signs or checks
 * pre-signed URLs) its signing keys, or with the well-known development token or signing secret, which only the
 * dev and test profiles and {@code deploy/}'s local system use. The message names each setting and its
 * environment variable.
 */
@Singleton
public class ProductionSecrets {

    /** The development token of the dev and test profiles and of {@code deploy/}. */
    public static final String DEVELOPMENT_TOKEN = "hearth-dev-token";
    /** The development signing secret of the dev and test profiles and of {@code deploy/}. */
    public static final String DEVELOPMENT_SIGNING_SECRET = "hearth-dev-signing-secret";

    private final AuthConfig auth;
    private final SigningConfig signing;
    private final boolean allowDevelopmentSecrets;

    /**
     * @param allowDevelopmentSecrets {@code hearth.security.allow-development-secrets}: set by {@code deploy/} when
     *                                it gives the local system the development token or key, never in a deployment
     */
    public ProductionSecrets(AuthConfig auth, SigningConfig signing,
            @ConfigProperty(name = "hearth.security.allow-development-secrets", defaultValue = "false")
            boolean allowDevelopmentSecrets) {
        this.auth = auth;
        this.signing = signing;
        this.allowDevelopmentSecrets = allowDevelopmentSecrets;
    }

    void check(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event) {
        if (!ConfigUtils.isProfileActive("prod")) {
            return;
        }
        List<String> tokens = new ArrayList<>(auth.tokens().orElse(List.of()));
        tokens.addAll(auth.adminTokens().orElse(List.of()));
        boolean keystone = auth.mode() == AuthConfig.Mode.KEYSTONE;
        List<String> problems = keystone ? keystoneProblems(auth.keystone()) : new ArrayList<>();
        problems.addAll(problems(tokens, !keystone, signing.required(), signing.keys().orElse(List.of()),
                signing.activeKey(), allowDevelopmentSecrets));
        if (!problems.isEmpty()) {
            throw new IllegalStateException("Refusing to start in the production profile: "
                    + String.join("; ", problems));
        }
    }

    /** What is missing from Keystone mode's settings, one sentence per problem. */
    public static List<String> keystoneProblems(AuthConfig.Keystone keystone) {
        List<String> problems = new ArrayList<>();
        if (keystone.url().filter(url -> !url.isBlank()).isEmpty()) {
            problems.add("hearth.auth.keystone.url (HEARTH_AUTH_KEYSTONE_URL) is not set: give the Keystone v3 URL,"
                    + " e.g. http://keystone:5000/v3, with hearth.auth.mode=keystone");
        }
        if (keystone.password().filter(password -> !password.isBlank()).isEmpty()) {
            problems.add("hearth.auth.keystone.password (HEARTH_AUTH_KEYSTONE_PASSWORD) is not set: give the password"
                    + " of the service user " + keystone.username() + " that validates tokens");
        }
        return problems;
    }

    /**
     * What is wrong with a production configuration, one sentence per problem (empty when nothing is).
     *
     * @param tokens                  {@code hearth.auth.tokens} and {@code hearth.auth.admin-tokens} entries
     * @param tokensRequired          whether static tokens must be given (static mode); Keystone mode needs none, but
     *                                refuses the development token as well
     * @param signingRequired         {@code hearth.signing.required}
     * @param keys                    {@code hearth.signing.keys} entries
     * @param activeKey               {@code hearth.signing.active-key}
     * @param allowDevelopmentSecrets whether the development token and secret are allowed ({@code deploy/})
     */
    public static List<String> problems(List<String> tokens, boolean tokensRequired, boolean signingRequired, List<String> keys,
            String activeKey, boolean allowDevelopmentSecrets) {
        List<String> problems = new ArrayList<>();
        try {
            Map<String, String> tenants = TenantAuthenticator.parse(tokens);
            if (tenants.isEmpty() && tokensRequired) {
                problems.add("hearth.auth.tokens (HEARTH_AUTH_TOKENS) is not set: give every service the tenants'"
                        + " tokens as token:tenant,token:tenant");
            } else if (tenants.containsKey(DEVELOPMENT_TOKEN) && !allowDevelopmentSecrets) {
                problems.add("hearth.auth.tokens (HEARTH_AUTH_TOKENS) contains the development token "
                        + DEVELOPMENT_TOKEN + ", which anyone who has read Hearth's source knows");
            }
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage() + " (HEARTH_AUTH_TOKENS)");
        }
        if (!signingRequired) {
            return problems;
        }
        try {
            Map<String, String> secrets = PresignedUrls.parse(keys);
            if (secrets.isEmpty()) {
                problems.add("hearth.signing.keys (HEARTH_SIGNING_KEYS) is not set: give the services that sign and"
                        + " check pre-signed URLs the same keys as kid:secret,kid:secret, and"
                        + " hearth.signing.active-key (HEARTH_SIGNING_ACTIVE_KEY) the id of the one that signs");
            } else {
                if (secrets.containsValue(DEVELOPMENT_SIGNING_SECRET) && !allowDevelopmentSecrets) {
                    problems.add("hearth.signing.keys (HEARTH_SIGNING_KEYS) contains the development signing secret,"
                            + " with which anyone who has read Hearth's source can forge pre-signed URLs");
                }
                if (!secrets.containsKey(activeKey)) {
                    problems.add("hearth.signing.active-key (HEARTH_SIGNING_ACTIVE_KEY) '" + activeKey
                            + "' is not one of hearth.signing.keys " + secrets.keySet());
                }
            }
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage() + " (HEARTH_SIGNING_KEYS)");
        }
        return problems;
    }
}
