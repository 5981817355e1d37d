package io.hearth.platform.auth;

import jakarta.ws.rs.container.ContainerRequestContext;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/** Authenticates every {@code /v1/{tenant}/...} request before it reaches a resource. */
public class TenantAuthFilter {

    private final TenantAuthenticator authenticator;

    public TenantAuthFilter(TenantAuthenticator authenticator) {
        this.authenticator = authenticator;
    }

    @ServerRequestFilter(preMatching = true)
    public void authenticate(ContainerRequestContext request) {
        String[] segments = request.getUriInfo().getPath().split("/");
        // "/v1/{tenant}/..." splits into "", "v1", tenant, ...
        if (segments.length > 2 && "v1".equals(segments[1])) {
            authenticator.authenticate(request.getHeaderString("X-Auth-Token"),
                    request.getHeaderString("Authorization"), segments[2]);
        }
    }
}
