package io.hearth.gateway.rest;

import io.hearth.gateway.config.GatewayConfig;
import io.hearth.gateway.service.MetricSamples;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * {@code POST /v1/metrics/trees/{root}/stacks/{stack}[/groups/{group}]}: an application's metric samples, answered
 * 200 {@code {"status": "accepted", "samples": N}} once Kafka acknowledged them. The URL is write-only: it reads
 * nothing back.
 */
@ApplicationScoped
public class MetricRoute {

    private final MetricSamples samples;
    private final GatewayConfig config;

    public MetricRoute(MetricSamples samples, GatewayConfig config) {
        this.samples = samples;
        this.config = config;
    }

    void push(RoutingContext ctx) {
        Uni.createFrom().deferred(() -> samples.push(ctx.pathParam("rootStackId"), ctx.pathParam("stackId"),
                ctx.pathParam("groupName"), JsonBodies.tree(ctx.body().buffer(), config.metrics().maxBodyBytes())))
                .subscribe().with(
                        event -> Replies.json(ctx, 200, Map.of("status", "accepted",
                                "samples", event.samples().size())),
                        failure -> Replies.error(ctx, failure));
    }
}
