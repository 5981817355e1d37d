package io.hearth.gateway.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.gateway.config.GatewayConfig;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.gateway.messaging.SignalPublisher;
import io.hearth.gateway.service.DeploymentRef;
import io.hearth.gateway.service.DeploymentSignals;
import io.hearth.gateway.service.StackSignals;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The signal endpoints, each answered only after Kafka acknowledged what it published:
 * <ul>
 * <li>{@code POST|PUT /v1/signal/deployments/{deploymentId}[?action=A&generation=N]}: a hook's signal, or its
 * progress report ({@code "deploy_status": "IN_PROGRESS"});</li>
 * <li>{@code POST /v1/signal/stacks/{stackId}/wait-conditions/{handleName}}: a WaitConditionHandle signal;</li>
 * <li>{@code POST /v1/signal/stacks/{stackId}/scaling-policies/{groupName}/{policyName}}: an alarm URL.</li>
 * </ul>
 */
@ApplicationScoped
public class SignalRoutes {

    private final DeploymentSignals deployments;
    private final SignalPublisher publisher;
    private final StackSignals stacks;
    private final GatewayConfig config;

    public SignalRoutes(DeploymentSignals deployments, SignalPublisher publisher, StackSignals stacks,
            GatewayConfig config) {
        this.deployments = deployments;
        this.publisher = publisher;
        this.stacks = stacks;
        this.config = config;
    }

    /**
     * A deployment's signal: 200 {@code {"status": "accepted", deployment_id, action, generation}}; a progress report
     * adds {@code "progress": true}.
     */
    void deployment(RoutingContext ctx) {
        respond(ctx, () -> {
            DeploymentRef ref = deployments.find(ctx.pathParam("deploymentId"));
            String action = Params.text(ctx.request(), "action");
            Long generation = Params.longParam(ctx.request(), "generation");
            ObjectNode body = body(ctx);
            if (DeploymentSignals.isProgress(body)) {
                return publisher.signal(deployments.progress(ref, ctx.pathParam("rootStackId"), action, generation,
                        body)).map(event -> accepted("deployment_id",
                        event.deploymentId(), "action", event.action(), "generation", event.generation(),
                        "progress", true));
            }
            return publisher.signal(deployments.signal(ref, ctx.pathParam("rootStackId"), action, generation, body))
                    .map(SignalRoutes::accepted);
        });
    }

    /** A wait condition handle's signal: 200 {@code {"status": "accepted", stack_id, handle, id}}. */
    void waitCondition(RoutingContext ctx) {
        respond(ctx, () -> stacks.waitCondition(GatewayRouter.treeKey(ctx, ctx.pathParam("stackId")),
                ctx.pathParam("stackId"), ctx.pathParam("handleName"), body(ctx))
                .map(event -> accepted("stack_id", event.stackId(), "handle", event.handleName(),
                        "id", event.signalId())));
    }

    /** An alarm URL of a scaling policy: 200 {@code {"status": "accepted", stack_id, group, policy}}. */
    void scalingPolicy(RoutingContext ctx) {
        respond(ctx, () -> stacks.scalingPolicy(GatewayRouter.treeKey(ctx, ctx.pathParam("stackId")),
                ctx.pathParam("stackId"), ctx.pathParam("groupName"),
                ctx.pathParam("policyName"), body(ctx)).map(event -> accepted("stack_id", event.stackId(),
                        "group", event.groupName(), "policy", event.policyName())));
    }

    private ObjectNode body(RoutingContext ctx) {
        return JsonBodies.object(ctx.body().buffer(), config.maxBodyBytes());
    }

    private static void respond(RoutingContext ctx, Supplier<Uni<Map<String, Object>>> work) {
        Uni.createFrom().<Map<String, Object>>deferred(work::get).subscribe().with(
                body -> Replies.json(ctx, 200, body),
                failure -> Replies.error(ctx, failure));
    }

    /** The answer to an accepted deployment signal, whichever endpoint took it. */
    static Map<String, Object> accepted(DeploymentSignalled event) {
        return accepted("deployment_id", event.deploymentId(), "action", event.action(),
                "generation", event.generation());
    }

    private static Map<String, Object> accepted(Object... pairs) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", "accepted");
        for (int i = 0; i < pairs.length; i += 2) {
            body.put((String) pairs[i], pairs[i + 1]);
        }
        return body;
    }
}
