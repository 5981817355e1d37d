package io.hearth.notifier.rest;

import io.hearth.notifier.journal.JournalReader;
import io.hearth.notifier.journal.StreamScope;
import io.hearth.notifier.stream.SseSink;
import io.hearth.notifier.stream.StreamHub;
import io.hearth.notifier.stream.WebSocketSink;
import io.hearth.platform.auth.AuthPolicy;
import io.hearth.platform.auth.Caller;
import io.hearth.platform.auth.TenantAuthenticator;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * The live streams: {@code GET /v1/{tenant}/stream} (every stack of the tenant) and
 * {@code GET /v1/{tenant}/stacks/{stack_name}/{stack_id}/stream} or {@code .../stacks/{stack_name_or_id}/stream}
 * (a stack and its nested stacks), as Server-Sent Events, or as a WebSocket when the request asks to upgrade.
 * The token is checked as every {@code /v1/{tenant}} request's ({@link TenantAuthenticator}); a stack of another
 * tenant, or one no event named yet, is 404. {@code Last-Event-ID} (or the {@code last_event_id} query parameter,
 * for clients that cannot set headers) resumes after that sequence; 0 replays the whole journal.
 */
@ApplicationScoped
public class StreamRoutes {

    /** The query parameter that stands for the {@code Last-Event-ID} header. */
    static final String LAST_EVENT_ID = "last_event_id";

    private final TenantAuthenticator authenticator;
    private final JournalReader reader;
    private final StreamHub hub;

    public StreamRoutes(TenantAuthenticator authenticator, JournalReader reader, StreamHub hub) {
        this.authenticator = authenticator;
        this.reader = reader;
        this.hub = hub;
    }

    void routes(@Observes Router router) {
        router.get("/v1/:tenant/stream").handler(ctx -> open(ctx, null, null));
        router.get("/v1/:tenant/stacks/:stack/stream").handler(ctx -> open(ctx, ctx.pathParam("stack"), null));
        router.get("/v1/:tenant/stacks/:stack/:id/stream")
                .handler(ctx -> open(ctx, ctx.pathParam("stack"), ctx.pathParam("id")));
    }

    private void open(RoutingContext ctx, String stack, String id) {
        String tenant = ctx.pathParam("tenant");
        Uni<Caller> caller;
        Long lastEventId;
        try {
            caller = authenticator.authenticate(ctx.request().getHeader("X-Auth-Token"),
                    ctx.request().getHeader(HttpHeaders.AUTHORIZATION), tenant);
            lastEventId = lastEventId(ctx);
        } catch (ApiException refused) {
            ctx.fail(refused);
            return;
        }
        Context context = Vertx.currentContext();
        ctx.request().pause();
        String[] segments = ctx.request().path().split("/");
        Uni<StreamScope> scope = caller.invoke(found -> AuthPolicy.authorize(found, "GET", segments, null))
                .chain(found -> stack == null ? Uni.createFrom().item(StreamScope.tenant(tenant))
                        : reader.findStack(tenant, stack, id).map(stackFound -> new StreamScope(tenant,
                                stackFound.orElseThrow(() -> ApiException.notFound(
                                        "The Stack (" + stack + ") could not be found.")))));
        scope.subscribe().with(
                found -> context.runOnContext(v -> stream(ctx, context, found, lastEventId)),
                failure -> context.runOnContext(v -> {
                    ctx.request().resume();
                    ctx.fail(failure);
                }));
    }

    private void stream(RoutingContext ctx, Context context, StreamScope scope, Long lastEventId) {
        if ("websocket".equalsIgnoreCase(ctx.request().getHeader(HttpHeaders.UPGRADE))) {
            ctx.request().toWebSocket().onSuccess(socket -> hub.connect(context, new WebSocketSink(socket), scope,
                    lastEventId)).onFailure(ctx::fail);
            return;
        }
        ctx.request().resume();
        hub.connect(context, new SseSink(ctx.response()), scope, lastEventId);
    }

    /** The sequence to resume after: the header, else the query parameter; null for neither. */
    private static Long lastEventId(RoutingContext ctx) {
        String header = ctx.request().getHeader("Last-Event-ID");
        String value = header != null ? header : ctx.request().getParam(LAST_EVENT_ID);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            long sequence = Long.parseLong(value.trim());
            if (sequence >= 0) {
                return sequence;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw ApiException.badRequest("HTTPBadRequest", "Last-Event-ID must be an event's id (a sequence number,"
                + " 0 or more), got '" + value + "'");
    }
}
