package io.hearth.gateway.rest;

import io.hearth.gateway.config.GatewayConfig;
import io.hearth.gateway.service.CheckIns;
import io.hearth.gateway.service.MetadataDocuments;
import io.hearth.gateway.service.MetadataStore;
import io.hearth.gateway.service.ServerDocument;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code GET /v1/stacks/{stackId}/servers/{serverId}/metadata}: the server's metadata document
 * ({@code server_id, stack_id, generation, deployments}), at once, or, with {@code generation=N&wait=S},
 * as soon as a document newer than N arrives or after min(S, max-wait) seconds. With {@code boot_id} the
 * request checks the server in first ({@link CheckIns}). Never blocks the event loop: a long-poll is a
 * listener on the {@link MetadataStore} and a timer.
 */
@ApplicationScoped
public class MetadataRoute {

    private final MetadataStore store;
    private final CheckIns checkIns;
    private final GatewayConfig config;

    public MetadataRoute(MetadataStore store, CheckIns checkIns, GatewayConfig config) {
        this.store = store;
        this.checkIns = checkIns;
        this.config = config;
    }

    /** The route handler (after {@link RequestGuard}). */
    void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String stackId = ctx.pathParam("stackId");
        String serverId = ctx.pathParam("serverId");
        Long generation = Params.longParam(request, "generation");
        Long waitSeconds = Params.longParam(request, "wait");
        String bootId = Params.text(request, "boot_id");
        Uni<Void> checkedIn = bootId == null ? Uni.createFrom().voidItem()
                : checkIns.checkIn(GatewayRouter.treeKey(ctx, stackId), stackId, serverId, bootId, address(request),
                        request.getParam("agent_version"));
        checkedIn.subscribe().with(
                ok -> answer(ctx, stackId, serverId, generation, waitSeconds == null ? 0 : waitSeconds),
                failure -> Replies.error(ctx, failure));
    }

    private void answer(RoutingContext ctx, String stackId, String serverId, Long generation, long waitSeconds) {
        ServerDocument document = store.server(serverId);
        if (generation == null || waitSeconds <= 0 || newer(document, generation)) {
            reply(ctx, stackId, serverId);
            return;
        }
        long waitMs = Math.min(waitSeconds * 1000, config.longPoll().maxWait().toMillis());
        AtomicBoolean done = new AtomicBoolean();
        long[] timer = {-1};
        Runnable wake = () -> {
            if (done.compareAndSet(false, true)) {
                ctx.vertx().cancelTimer(timer[0]);
                reply(ctx, stackId, serverId);
            }
        };
        if (!store.awaitNewer(serverId, generation, config.longPoll().maxPerServer(), wake)) {
            Replies.error(ctx, new ApiException(429, "TooManyRequests",
                    "Too many metadata long-polls held for server " + serverId));
            return;
        }
        Replies.onContext(ctx, () -> {
            if (done.get()) {
                return;
            }
            timer[0] = ctx.vertx().setTimer(waitMs, id -> {
                store.cancel(serverId, wake);
                wake.run();
            });
            ctx.response().closeHandler(v -> {
                done.set(true);
                ctx.vertx().cancelTimer(timer[0]);
                store.cancel(serverId, wake);
            });
        });
    }

    private void reply(RoutingContext ctx, String stackId, String serverId) {
        ServerDocument document = store.server(serverId);
        if (document == null) {
            Replies.json(ctx, 200, MetadataDocuments.empty(serverId, stackId));
        } else if (document.deleted()) {
            Replies.error(ctx, ApiException.notFound("Server " + serverId + " was deleted"));
        } else if (document.check() != null) {
            HttpServerRequest request = ctx.request();
            checkIns.answered(GatewayRouter.treeKey(ctx, document.stackId()), document, Params.text(request, "boot_id"),
                    address(request),
                    request.getParam("agent_version")).subscribe().with(
                            ok -> Replies.json(ctx, 200, document.body()), failure -> Replies.error(ctx, failure));
        } else {
            Replies.json(ctx, 200, document.body());
        }
    }

    private static boolean newer(ServerDocument document, long generation) {
        return document != null && (document.deleted() || document.generation() > generation);
    }

    private static String address(HttpServerRequest request) {
        String address = Params.text(request, "address");
        if (address != null) {
            return address;
        }
        return request.remoteAddress() == null ? null : request.remoteAddress().hostAddress();
    }
}
