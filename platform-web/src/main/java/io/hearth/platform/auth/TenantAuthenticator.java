package io.hearth.platform.auth;

import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Maps a request's token to its caller (tenant and roles) and checks it may act on the tenant in the path.
 * Heat clients send {@code X-Auth-Token}; others may send {@code Authorization: Bearer}. In static mode the tokens
 * are {@code hearth.auth.tokens} (members) and {@code hearth.auth.admin-tokens}; in Keystone mode
 * {@link KeystoneTokens} validates them and the token's project is the tenant.
 */
@ApplicationScoped
public class TenantAuthenticator {

    private final Map<String, Caller> staticCallers;
    private final KeystoneTokens keystone;

    @Inject
    public TenantAuthenticator(AuthConfig config, Vertx vertx) {
        this(config.mode() == AuthConfig.Mode.KEYSTONE ? Map.of() : staticCallers(config),
                config.mode() == AuthConfig.Mode.KEYSTONE
                        ? new KeystoneTokens(vertx, config.keystone(), Clock.systemUTC()) : null);
    }

    /**
     * @param staticCallers static mode's callers by token
     * @param keystone      Keystone mode's validation, null in static mode
     */
    public TenantAuthenticator(Map<String, Caller> staticCallers, KeystoneTokens keystone) {
        this.staticCallers = Map.copyOf(staticCallers);
        this.keystone = keystone;
    }

    /** Static mode's callers: members from {@code tokens}, admins from {@code admin-tokens}. */
    public static Map<String, Caller> staticCallers(AuthConfig config) {
        Map<String, Caller> callers = new HashMap<>();
        parse(config.tokens().orElse(List.of())).forEach((token, tenant) -> callers.put(token, Caller.member(tenant)));
        parse(config.adminTokens().orElse(List.of())).forEach((token, tenant) -> callers.put(token, Caller.admin(tenant)));
        return callers;
    }

    /**
     * Tenants by token from {@code token:tenant} entries (blank entries skipped).
     *
     * @throws IllegalArgumentException for an entry that is not {@code token:tenant}
     */
    public static Map<String, String> parse(List<String> entries) {
        return entries.stream()
                .map(String::trim)
                .filter(entry -> !entry.isEmpty())
                .map(TenantAuthenticator::pair)
                .collect(Collectors.toUnmodifiableMap(p -> p[0], p -> p[1]));
    }

    /**
     * The caller a request acts as.
     *
     * @param authToken     the {@code X-Auth-Token} header, may be null
     * @param authorization the {@code Authorization} header, may be null
     * @param pathTenant    the tenant named in the URL
     * @return the caller; fails with 401 for a missing or unknown token, 403 for another tenant's URL, 503 when
     *         Keystone cannot validate a token it has not validated before
     */
    public Uni<Caller> authenticate(String authToken, String authorization, String pathTenant) {
        String token = authToken != null ? authToken
                : authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                        ? authorization.substring(7).trim() : null;
        if (token == null) {
            throw unauthorized("Authentication required: send X-Auth-Token or Authorization: Bearer");
        }
        Caller known = known(token);
        if (known != null) {
            return Uni.createFrom().item(scoped(known, pathTenant));
        }
        return keystone.validate(token, TokenCache.key(token)).map(caller -> scoped(caller, pathTenant));
    }

    /**
     * The caller of a token, whatever tenant it is for: how the console learns who signed in with a token.
     *
     * @return the caller; fails with 401 for an unknown token, 503 when Keystone cannot validate it
     */
    public Uni<Caller> identify(String token) {
        Caller known = known(token);
        return known != null ? Uni.createFrom().item(known) : keystone.validate(token, TokenCache.key(token));
    }

    /**
     * The caller known without asking Keystone: a static token's, or a Keystone token's validated less than the
     * cache TTL ago (the hot path); null when Keystone must be asked.
     *
     * @throws ApiException 401 for a token static mode does not have
     */
    private Caller known(String token) {
        if (keystone == null) {
            Caller caller = staticCallers.get(token);
            if (caller == null) {
                throw unauthorized("The token is not valid");
            }
            return caller;
        }
        return keystone.fresh(TokenCache.key(token));
    }

    /**
     * Signs a user in with Keystone's password authentication.
     *
     * @return the token and its caller; fails with 400 in static mode (no users, only tokens), 401 for credentials
     *         Keystone refuses, 503 when it cannot answer
     */
    public Uni<KeystoneTokens.SignedIn> signIn(String username, String password, String project, String domain) {
        if (keystone == null) {
            throw new ApiException(400, "BadRequest",
                    "Signing in with a user name and password needs Keystone (hearth.auth.mode=keystone): "
                            + "sign in with a token");
        }
        return keystone.signIn(username, password, project, domain);
    }

    private ApiException unauthorized(String message) {
        return keystone != null ? keystone.unauthorized(message) : new ApiException(401, "Unauthorized", message);
    }

    private static Caller scoped(Caller caller, String pathTenant) {
        if (!caller.tenant().equals(pathTenant)) {
            throw new ApiException(403, "Forbidden", "The token is not valid for tenant " + pathTenant);
        }
        return caller;
    }

    private static String[] pair(String entry) {
        int colon = entry.lastIndexOf(':');
        if (colon <= 0 || colon == entry.length() - 1) {
            throw new IllegalArgumentException("hearth.auth.tokens entry must be token:tenant, got '" + entry + "'");
        }
        return new String[] {entry.substring(0, colon), entry.substring(colon + 1)};
    }
}
