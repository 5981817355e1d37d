package io.hearth.deployment.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.domain.DataBag;
import io.hearth.deployment.databag.DataBagConflict;
import io.hearth.deployment.databag.DataBagTooLarge;
import io.hearth.deployment.databag.DataBags;
import io.hearth.platform.rest.ApiException;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hearth's data bag API (docs/api.md): a stack tree's facts, read and written by operators. A write names the
 * version it read (compare-and-set: 409 when the bag moved on), sets the facts it names and removes those it gives
 * as null; what reads a changed fact is contextualized. A nested stack's path reaches its tree's bag.
 */
@Path("/v1/{tenant}/stacks/{stack_name}/{stack_id}/data_bag")
@Produces(MediaType.APPLICATION_JSON)
public class DataBagResource {

    private final DataBags bags;
    private final JsonBodies bodies;
    private final TenantStacks stacks;

    public DataBagResource(DataBags bags, JsonBodies bodies, TenantStacks stacks) {
        this.bags = bags;
        this.stacks = stacks;
        this.bodies = bodies;
    }

    /** The bag: {@code {"data_bag": {"facts": {...}, "version": N, "updated_time": ...}}}. */
    @GET
    @WithSession
    public Uni<Map<String, Object>> show(@PathParam("tenant") String tenant, @PathParam("stack_name") String name,
            @PathParam("stack_id") String id) {
        return stacks.find(tenant, name, id).chain(stack -> bags.find(DataBags.root(stack))).map(DataBagResource::view);
    }

    /**
     * The bag's recent versions, newest first (the newest 100 are kept):
     * {@code {"versions": [{"version": N, "facts": {...}, "updated_time": ...}]}}.
     */
    @GET
    @Path("versions")
    @WithSession
    public Uni<Map<String, Object>> versions(@PathParam("tenant") String tenant, @PathParam("stack_name") String name,
            @PathParam("stack_id") String id) {
        return stacks.find(tenant, name, id).chain(stack -> bags.versions(DataBags.root(stack)))
                .map(versions -> Map.of("versions", versions.stream().map(version -> {
                    Map<String, Object> view = new LinkedHashMap<>();
                    view.put("version", version.version());
                    view.put("facts", HearthJson.readTree(version.facts()));
                    view.put("updated_time", version.updatedAt().toString());
                    return view;
                }).toList()));
    }

    /** Sets facts: {@code {"version": N, "facts": {"name": value, "gone": null}}}; answers the bag as it is then. */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @WithTransaction
    public Uni<Map<String, Object>> update(@PathParam("tenant") String tenant, @PathParam("stack_name") String name,
            @PathParam("stack_id") String id, String body) {
        ObjectNode json = bodies.object(body);
        JsonNode version = json.get("version");
        if (version == null || !version.canConvertToLong() || !version.isIntegralNumber() || version.asLong() < 0) {
            throw ApiException.badRequest("BadRequest", "Invalid version: the data bag's version you read (0 for a "
                    + "bag with no facts yet) is required, as a whole number");
        }
        ObjectNode facts = JsonBodies.map(json, "facts");
        if (facts == null) {
            throw ApiException.badRequest("BadRequest", "Invalid facts: a map of the facts to set is required");
        }
        return stacks.find(tenant, name, id).chain(stack -> bags.set(stack, facts, false, version.asLong(), 0))
                .onFailure(DataBagConflict.class).transform(e -> new ApiException(409, "Conflict", e.getMessage()))
                .onFailure(DataBagTooLarge.class)
                .transform(e -> new ApiException(413, "RequestLimitExceeded", e.getMessage()))
                .map(DataBagResource::view);
    }

    private static Map<String, Object> view(DataBag bag) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("facts", DataBags.facts(bag));
        view.put("version", bag == null ? 0 : bag.version);
        view.put("updated_time", bag == null ? null : bag.updatedAt.toString());
        return Map.of("data_bag", view);
    }
}
