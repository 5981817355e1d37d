package io.hearth.gateway.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.gateway.config.GatewayConfig;
import io.hearth.gateway.service.DeploymentRef;
import io.hearth.gateway.messaging.SignalPublisher;
import io.hearth.gateway.service.DeploymentSignals;
import io.hearth.gateway.service.MetadataStore;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/**
 * Heat's resource signal, {@code POST /v1/{tenant}/stacks/{stack}[/{stack_id}]/resources/{resource}/signal},
 * authenticated with the tenant's token (the platform's filter) instead of a pre-signed URL: what
 * {@code openstack stack resource signal} and {@code heat resource-signal} call, forwarded here by
 * template-service from the public endpoint. For a software deployment resource the body is the hook's
 * signal, published like the agent's ({@link DeploymentSignals}); the stack is given by name or by id.
 * Other resource types (wait condition handles, scaling policies) take their own pre-signed URLs.
 */
@Path("/v1/{tenant}/stacks/{stack}")
@Produces(MediaType.APPLICATION_JSON)
public class ResourceSignalResource {

    private final MetadataStore store;
    private final DeploymentSignals signals;
    private final SignalPublisher publisher;
    private final GatewayConfig config;

    public ResourceSignalResource(MetadataStore store, DeploymentSignals signals, SignalPublisher publisher,
            GatewayConfig config) {
        this.store = store;
        this.publisher = publisher;
        this.signals = signals;
        this.config = config;
    }

    @POST
    @Path("/{stackId}/resources/{resource}/signal")
    public Uni<Map<String, Object>> signal(@PathParam("tenant") String tenant, @PathParam("stackId") String stackId,
            @PathParam("resource") String resource, byte[] body) {
        return signalOf(tenant, stackId, resource, body);
    }

    @POST
    @Path("/resources/{resource}/signal")
    public Uni<Map<String, Object>> signalByName(@PathParam("tenant") String tenant, @PathParam("stack") String stack,
            @PathParam("resource") String resource, byte[] body) {
        return signalOf(tenant, stack, resource, body);
    }

    private Uni<Map<String, Object>> signalOf(String tenant, String stack, String resource, byte[] body) {
        ObjectNode signal = JsonBodies.objectOrNull(body == null ? null : Buffer.buffer(body), config.maxBodyBytes());
        DeploymentRef ref = store.deploymentOfResource(tenant, stack, resource);
        if (ref == null) {
            throw ApiException.notFound("Resource " + resource + " of stack " + stack
                    + " is not a software deployment waiting on a server (only those take resource signals here)");
        }
        return publisher.signal(signals.signal(ref, null, null, null, signal)) // keyed by its stack
                .map(SignalRoutes::accepted);
    }
}
