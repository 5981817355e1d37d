package io.hearth.template.rest;

import io.hearth.platform.rest.ApiException;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Heat's {@code stack_lookup} of a stack named by its ARN ({@code /v1/{tenant}/stacks/arn:openstack:heat::{tenant}:
 * stacks/{name}/{id}[/path]}, any method): a 302 to the canonical URL, path and query kept. A template resource's
 * {@code get_resource} is such an ARN, and heatclient passes it on as a stack id. Runs once the caller is
 * authenticated; the redirect names only what the request named, and the canonical URL does the tenant's checks.
 */
public class StackArnLookup {

    private static final Pattern ARN_ROUTE = Pattern.compile("^/v1/[^/]+/stacks/(arn(?::|%3[Aa]).*)$");
    /** Heat's {@code HeatIdentifier.path_re}, on what follows the ARN's fifth colon. */
    private static final Pattern STACK_PATH = Pattern.compile("^stacks/([^/]+)/([^/]+)(.*)$", Pattern.DOTALL);

    @ServerRequestFilter(preMatching = true, priority = Priorities.USER + 10)
    public Response lookup(ContainerRequestContext request) {
        URI requestUri = request.getUriInfo().getRequestUri();
        Matcher route = ARN_ROUTE.matcher(requestUri.getRawPath());
        if (!route.matches()) {
            return null;
        }
        String arn = URLDecoder.decode(route.group(1).replace("+", "%2B"), StandardCharsets.UTF_8);
        String[] fields = arn.split(":", 6);
        Matcher path = fields.length == 6 ? STACK_PATH.matcher(fields[5]) : null;
        if (path == null || !"openstack".equals(fields[1]) || !"heat".equals(fields[2]) || !path.matches()) {
            // Heat then looks the whole string up as a stack name, which no stack has
            throw ApiException.notFound("The Stack (" + arn + ") could not be found.");
        }
        String query = requestUri.getRawQuery();
        URI location = request.getUriInfo().getBaseUriBuilder().path("v1").segment(fields[4], "stacks",
                path.group(1), path.group(2)).path(path.group(3)).replaceQuery(query).build();
        return Response.status(Response.Status.FOUND).location(location).build();
    }
}
