package io.hearth.deployment.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.deployment.software.DerivedConfigs;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.rest.PageLimit;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/** Heat Orchestration API v1: software configs (immutable: create, list, show, delete). */
@Path("/v1/{tenant}/software_configs")
@Produces(MediaType.APPLICATION_JSON)
public class SoftwareConfigResource {

    private static final String UNGROUPED = "Heat::Ungrouped";
    /** The longest name and group the columns keep (V2__resources.sql), in characters. */
    static final int NAME = 1024;
    static final int GROUP = 255;

    private final SoftwareConfigStore store;
    private final JsonBodies bodies;
    private final DerivedConfigs derived;

    public SoftwareConfigResource(SoftwareConfigStore store, JsonBodies bodies, DerivedConfigs derived) {
        this.store = store;
        this.bodies = bodies;
        this.derived = derived;
    }

    /** Creates a config: 200 with it, as Heat answers. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Map<String, Object>> create(@PathParam("tenant") String tenant, String body) {
        ObjectNode json = bodies.object(body);
        String name = JsonBodies.string(json, "name", NAME);
        String group = JsonBodies.string(json, "group", GROUP);
        JsonNode inputs = JsonBodies.list(json, "inputs");
        JsonNode outputs = JsonBodies.list(json, "outputs");
        JsonNode options = JsonBodies.map(json, "options");
        JsonNodeFactory f = JsonNodeFactory.instance;
        SoftwareConfigStore.Definition definition = new SoftwareConfigStore.Definition(
                group == null ? UNGROUPED : group, json.get("config"),
                inputs == null ? f.arrayNode() : inputs, outputs == null ? f.arrayNode() : outputs,
                options == null ? f.objectNode() : options);
        return store.create(tenant, name, definition)
                .map(row -> Map.of("software_config", Views.config(row, true)));
    }

    /** The tenant's configs, oldest first, {@code limit} after {@code marker}. */
    @GET
    @WithSession
    public Uni<Map<String, Object>> list(@PathParam("tenant") String tenant, @QueryParam("limit") String limit,
            @QueryParam("marker") String marker) {
        return store.list(tenant, PageLimit.parse(limit), marker)
                .map(rows -> Map.of("software_configs", rows.stream().map(row -> Views.config(row, false)).toList()));
    }

    /** One config: a stored one, or the derived config of a stack deployment's current run. */
    @GET
    @Path("/{id}")
    @WithSession
    public Uni<Map<String, Object>> show(@PathParam("tenant") String tenant, @PathParam("id") String id) {
        return store.find(tenant, id).chain(row -> row != null
                ? Uni.createFrom().item(Map.<String, Object>of("software_config", Views.config(row, true)))
                : derived.find(tenant, id).map(item -> {
                    if (item == null) {
                        throw notFound(id);
                    }
                    return Map.of("software_config", Views.config(item));
                }));
    }

    /** Deletes a config that no deployment uses: 204. */
    @DELETE
    @Path("/{id}")
    public Uni<Response> delete(@PathParam("tenant") String tenant, @PathParam("id") String id) {
        return store.deleteUnused(tenant, id).map(row -> {
            if (row == null) {
                throw notFound(id);
            }
            return Response.noContent().build();
        });
    }

    private static ApiException notFound(String id) {
        return new ApiException(404, "NotFound", "Software config with id " + id + " not found");
    }
}
