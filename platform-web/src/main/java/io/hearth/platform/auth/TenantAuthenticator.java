package io.hearth.platform.auth;

import io.hearth.platform.rest.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Maps a request's token to its tenant and checks it may act on the tenant in the path.
 * Heat clients send {@code X-Auth-Token}; others may send {@code Authorization: Bearer}.
 */
@ApplicationScoped
public class TenantAuthenticator {

    private final Map<String, String> tenantByToken;

    public TenantAuthenticator(AuthConfig config) {
        this.tenantByToken = parse(config.tokens().orElse(List.of()));
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
     * The tenant a request acts as.
     *
     * @param authToken     the {@code X-Auth-Token} header, may be null
     * @param authorization the {@code Authorization} header, may be null
     * @param pathTenant    the tenant named in the URL
     * @throws ApiException 401 for a missing or unknown token, 403 for another tenant's URL
     */
    public String authenticate(String authToken, String authorization, String pathTenant) {
        String token = Optional.ofNullable(authToken)
                .or(() -> Optional.ofNullable(authorization)
                        .filter(h -> h.regionMatches(true, 0, "Bearer ", 0, 7))
                        .map(h -> h.substring(7).trim()))
                .orElseThrow(() -> new ApiException(401, "Unauthorized",
                        "Authentication required: send X-Auth-Token or Authorization: Bearer"));
        String tenant = tenantByToken.get(token);
        if (tenant == null) {
            throw new ApiException(401, "Unauthorized", "The token is not valid");
        }
        if (!tenant.equals(pathTenant)) {
            throw new ApiException(403, "Forbidden", "The token is not valid for tenant " + pathTenant);
        }
        return tenant;
    }

    private static String[] pair(String entry) {
        int colon = entry.lastIndexOf(':');
        if (colon <= 0 || colon == entry.length() - 1) {
            throw new IllegalArgumentException("hearth.auth.tokens entry must be token:tenant, got '" + entry + "'");
        }
        return new String[] {entry.substring(0, colon), entry.substring(colon + 1)};
    }
}
