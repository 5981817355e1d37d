package io.hearth.gateway.rest;

import io.hearth.gateway.config.GatewayConfig;
import io.hearth.platform.rest.ApiException;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Mounts the agent endpoints as Vert.x routes ahead of the REST layer: the pre-signed URL is the only
 * credential here (the platform's tenant filter, which wants a token on {@code /v1/{tenant}/...}, never sees
 * these paths), the signature and the rate limit are checked before the body is read, and a long-poll holds
 * no thread. Each route: {@link RequestGuard}, then a body handler capped at {@code hearth.gateway.max-body-bytes}
 * (signal routes; metric routes: {@code hearth.gateway.metrics.max-body-bytes}), then the endpoint; refusals are
 * Heat's error body.
 */
@ApplicationScoped
public class GatewayRouter {

    /** The metadata path an agent polls (signed for GET). */
    public static final String METADATA = "/v1/stacks/:stackId/servers/:serverId/metadata";
    /** A deployment's signal path (signed for POST; PUT is accepted too). */
    public static final String DEPLOYMENT_SIGNAL = "/v1/signal/deployments/:deploymentId";
    /** A WaitConditionHandle's signal path (signed for POST). */
    public static final String WAIT_CONDITION = "/v1/signal/stacks/:stackId/wait-conditions/:handleName";
    /** A scaling policy's alarm URL path (signed for POST). */
    public static final String SCALING_POLICY = "/v1/signal/stacks/:stackId/scaling-policies/:groupName/:policyName";

    /**
     * The paths above as deployment-service issues them now: they name the stack's tree (its top-level stack), the
     * key of what the gateway publishes, so every input of a tree reaches the one deployment-service replica owning
     * its partition. A URL issued before (without {@code trees/}) still verifies: its records are keyed by the stack
     * it names (the deployment's stack for a deployment signal), as they were.
     */
    public static final String METADATA_IN_TREE = "/v1/trees/:rootStackId" + METADATA.substring("/v1".length());
    /** A deployment's signal path in its tree (see {@link #METADATA_IN_TREE}). */
    public static final String DEPLOYMENT_SIGNAL_IN_TREE = "/v1/signal/trees/:rootStackId/deployments/:deploymentId";
    /** A WaitConditionHandle's signal path in its tree (see {@link #METADATA_IN_TREE}). */
    public static final String WAIT_CONDITION_IN_TREE = "/v1/signal/trees/:rootStackId"
            + WAIT_CONDITION.substring("/v1/signal".length());
    /** A scaling policy's alarm URL path in its tree (see {@link #METADATA_IN_TREE}). */
    public static final String SCALING_POLICY_IN_TREE = "/v1/signal/trees/:rootStackId"
            + SCALING_POLICY.substring("/v1/signal".length());

    /** A metric URL of a stack's servers (signed for POST). */
    public static final String STACK_METRICS = "/v1/metrics/trees/:rootStackId/stacks/:stackId";
    /** A metric URL of a group's members (signed for POST). */
    public static final String GROUP_METRICS = STACK_METRICS + "/groups/:groupName";

    private static final int ORDER = RouteConstants.ROUTE_ORDER_BEFORE_DEFAULT;

    private final RequestGuard guard;
    private final MetadataRoute metadata;
    private final SignalRoutes signals;
    private final MetricRoute metrics;
    private final GatewayConfig config;

    public GatewayRouter(RequestGuard guard, MetadataRoute metadata, SignalRoutes signals, MetricRoute metrics,
            GatewayConfig config) {
        this.guard = guard;
        this.metadata = metadata;
        this.signals = signals;
        this.metrics = metrics;
        this.config = config;
    }

    void mount(@Observes Router router) {
        BodyHandler body = BodyHandler.create(false).setBodyLimit(config.maxBodyBytes());
        for (String path : new String[] {METADATA, METADATA_IN_TREE}) {
            route(router.route(path).method(HttpMethod.GET))
                    .handler(guard.signedFor("GET")).handler(metadata::handle);
        }
        for (String path : new String[] {DEPLOYMENT_SIGNAL, DEPLOYMENT_SIGNAL_IN_TREE}) {
            route(router.route(path).method(HttpMethod.POST).method(HttpMethod.PUT))
                    .handler(guard.signedFor("POST")).handler(body).handler(signals::deployment);
        }
        for (String path : new String[] {WAIT_CONDITION, WAIT_CONDITION_IN_TREE}) {
            route(router.route(path).method(HttpMethod.POST))
                    .handler(guard.signedFor("POST")).handler(body).handler(signals::waitCondition);
        }
        for (String path : new String[] {SCALING_POLICY, SCALING_POLICY_IN_TREE}) {
            route(router.route(path).method(HttpMethod.POST))
                    .handler(guard.signedFor("POST")).handler(body).handler(signals::scalingPolicy);
        }
        BodyHandler metricBody = BodyHandler.create(false).setBodyLimit(config.metrics().maxBodyBytes());
        for (String path : new String[] {STACK_METRICS, GROUP_METRICS}) {
            route(router.route(path).method(HttpMethod.POST))
                    .handler(guard.signedFor("POST")).handler(metricBody).handler(metrics::push);
        }
        for (String path : new String[] {METADATA, METADATA_IN_TREE, DEPLOYMENT_SIGNAL, DEPLOYMENT_SIGNAL_IN_TREE,
            WAIT_CONDITION, WAIT_CONDITION_IN_TREE, SCALING_POLICY, SCALING_POLICY_IN_TREE, STACK_METRICS,
            GROUP_METRICS}) {
            route(router.route(path)).handler(ctx -> Replies.error(ctx, new ApiException(405, "MethodNotAllowed",
                    ctx.request().method() + " is not allowed on " + ctx.request().path())));
        }
        route(router.route("/v1/signal/*")).handler(ctx -> Replies.error(ctx,
                ApiException.notFound("No signal endpoint at " + ctx.request().path())));
        route(router.route("/v1/metrics/*")).handler(ctx -> Replies.error(ctx,
                ApiException.notFound("No metric endpoint at " + ctx.request().path())));
    }

    private static Route route(Route route) {
        return route.order(ORDER).failureHandler(Replies::failure);
    }

    /**
     * The key of what a request publishes: the tree its URL names ({@code :rootStackId}), or {@code fallback} for a URL
     * issued before URLs named their tree.
     */
    static String treeKey(RoutingContext ctx, String fallback) {
        String root = ctx.pathParam("rootStackId");
        return root != null ? root : fallback;
    }
}
