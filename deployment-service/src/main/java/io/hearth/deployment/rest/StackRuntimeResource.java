package io.hearth.deployment.rest;

import io.hearth.deployment.engine.StackExport;
import io.hearth.deployment.engine.StackRuntimeExport;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * A stack's runtime export (Hearth's, docs/api.md "Abandon and adopt"): what template-service puts into Heat's
 * abandon data as each resource's {@code resource_data}. It reads only; the abandon itself is the command
 * {@code StackAbandonRequested}. Another tenant's stack is 404 like an unknown one.
 */
@Path("/v1/{tenant}/stacks/{stack_name}/{stack_id}/runtime")
@Produces(MediaType.APPLICATION_JSON)
public class StackRuntimeResource {

    private final StackRuntimeExport export;
    private final TenantStacks stacks;

    public StackRuntimeResource(StackRuntimeExport export, TenantStacks stacks) {
        this.export = export;
        this.stacks = stacks;
    }

    /** The stack's {@link StackExport}. */
    @GET
    @WithSession
    public Uni<StackExport> show(@PathParam("tenant") String tenant, @PathParam("stack_name") String name,
            @PathParam("stack_id") String id) {
        return stacks.find(tenant, name, id).chain(export::export);
    }
}
