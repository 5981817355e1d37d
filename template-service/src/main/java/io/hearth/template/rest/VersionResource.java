package io.hearth.template.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Heat's version negotiation ({@code heat/api/middleware/version_negotiation.py},
 * {@code heat/api/versions.py}): {@code GET /} and {@code GET /versions}, with or without a token, answer
 * 300 Multiple Choices with the one API version and its link.
 */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class VersionResource {

    /** The version list. */
    @GET
    public Response root(@Context UriInfo uri) {
        return versions(uri);
    }

    /** The version list, as {@code /} gives it. */
    @GET
    @Path("versions")
    public Response versions(@Context UriInfo uri) {
        Map<String, String> self = new LinkedHashMap<>();
        self.put("rel", "self");
        self.put("href", uri.getBaseUriBuilder().path("v1").build() + "/");
        Map<String, Object> version = new LinkedHashMap<>();
        version.put("id", "v1.0");
        version.put("status", "CURRENT");
        version.put("links", List.of(self));
        return Response.status(Response.Status.MULTIPLE_CHOICES).entity(Map.of("versions", List.of(version)))
                .build();
    }
}
