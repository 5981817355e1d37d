package io.hearth.template.console;

import io.hearth.platform.auth.TenantAuthenticator;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The console's sign-in ({@code POST /console/session}): a Keystone user name and password, or a token, answered
 * with the token and the tenant it acts for. The console keeps the token in the tab's session storage and sends it
 * as {@code X-Auth-Token} on every API call, the live streams included (read with {@code fetch}, not
 * {@code EventSource}), so the API's own checks apply and no token is ever put in a URL or a cookie
 * (docs/console.md). Nothing is stored here: the answer is the whole session.
 */
@Path("/console/session")
public class ConsoleSession {

    /** The sign-in request: either {@code token}, or {@code username}, {@code password} and {@code project}. */
    public record SignIn(String token, String username, String password, String project, String domain) {
    }

    private final TenantAuthenticator authenticator;

    @Inject
    public ConsoleSession(TenantAuthenticator authenticator) {
        this.authenticator = authenticator;
    }

    /** 200 {@code {"session": {"token", "tenant", "roles", "expires_at"}}}; 400 for a request missing its fields. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Map<String, Object>> signIn(SignIn request) {
        if (request == null) {
            throw ApiException.badRequest("InvalidRequest", "The request body must be a JSON object");
        }
        if (present(request.token())) {
            String token = request.token().trim();
            return authenticator.identify(token).map(caller -> session(token, caller.tenant(), caller.roles(), null));
        }
        if (!present(request.username()) || request.password() == null || !present(request.project())) {
            throw ApiException.badRequest("InvalidRequest",
                    "Sign in with a token, or with username, password and project (domain defaults to Default)");
        }
        String domain = present(request.domain()) ? request.domain().trim() : "Default";
        return authenticator.signIn(request.username().trim(), request.password(), request.project().trim(), domain)
                .map(signed -> session(signed.token(), signed.caller().tenant(), signed.caller().roles(),
                        signed.expiresAt().toString()));
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    private static Map<String, Object> session(String token, String tenant, Set<String> roles,
            String expiresAt) {
        Map<String, Object> session = new LinkedHashMap<>();
        session.put("token", token);
        session.put("tenant", tenant);
        session.put("roles", List.copyOf(new TreeSet<>(roles)));
        session.put("expires_at", expiresAt);
        return Map.of("session", session);
    }
}
