package io.hearth.platform.auth;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.container.ContainerRequestContext;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Authenticates every {@code /v1/{tenant}/...} request before it reaches a resource and lets {@link AuthPolicy}
 * decide whether the caller's roles allow it. The caller is left in the request property {@link #CALLER}.
 */
public class TenantAuthFilter {

    /** The request property that holds the {@link Caller}. */
    public static final String CALLER = "hearth.caller";

    private final TenantAuthenticator authenticator;

    public TenantAuthFilter(TenantAuthenticator authenticator) {
        this.authenticator = authenticator;
    }

    @ServerRequestFilter(preMatching = true)
    public Uni<Void> authenticate(ContainerRequestContext request) {
        String[] segments = request.getUriInfo().getPath().split("/");
        // "/v1/{tenant}/..." splits into "", "v1", tenant, ...
        if (segments.length <= 2 || !"v1".equals(segments[1])) {
            return Uni.createFrom().voidItem();
        }
        return authenticator.authenticate(request.getHeaderString("X-Auth-Token"),
                request.getHeaderString("Authorization"), segments[2]).map(caller -> {
                    AuthPolicy.authorize(caller, request.getMethod(), segments,
                            request.getUriInfo().getRequestUri().getRawQuery());
                    request.setProperty(CALLER, caller);
                    return null;
                });
    }
}
