package io.hearth.gateway.rest;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.rest.HeatError;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import org.jboss.logging.Logger;

/**
 * Writes the gateway's answers: JSON bodies, and refusals as Heat's error body ({@link HeatError}), the
 * format every Hearth service answers errors in. Answers may be written from any thread: they are moved to
 * the request's Vert.x context.
 */
final class Replies {

    private static final Logger LOG = Logger.getLogger(Replies.class);
    private static final String JSON = "application/json";
    private static final String CONTEXT = "hearth.gateway.context";

    private Replies() {
    }

    /** Remembers the request's Vert.x context (call on it), where answers made on other threads are written. */
    static void remember(RoutingContext ctx) {
        ctx.put(CONTEXT, Vertx.currentContext());
    }

    /** Answers {@code status} with a JSON body already rendered. */
    static void json(RoutingContext ctx, int status, byte[] body) {
        onContext(ctx, () -> ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, JSON)
                .end(Buffer.buffer(body)));
    }

    /** Answers {@code status} with {@code body} written as JSON. */
    static void json(RoutingContext ctx, int status, Object body) {
        json(ctx, status, HearthJson.write(body).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Answers a refusal ({@link ApiException}) with its status, anything else with 500. */
    static void error(RoutingContext ctx, Throwable failure) {
        if (failure instanceof ApiException e) {
            if (e.status() == 429 || e.status() == 503) {
                ctx.response().putHeader(HttpHeaders.RETRY_AFTER, "1");
            }
            json(ctx, e.status(), HeatError.of(e.status(), e.type(), e.getMessage()));
        } else {
            LOG.errorf(failure, "%s %s failed", ctx.request().method(), ctx.request().path());
            json(ctx, 500, HeatError.of(500, "InternalServerError", "The gateway failed to handle the request"));
        }
    }

    /**
     * The route's failure handler: a handler's {@link ApiException}, or the body handler's 413, as Heat's
     * error body.
     */
    static void failure(RoutingContext ctx) {
        Throwable failure = ctx.failure();
        if (failure == null && ctx.statusCode() == 413) {
            failure = new ApiException(413, "RequestLimitExceeded", "The request body is larger than allowed");
        } else if (failure == null) {
            int status = ctx.statusCode() < 400 ? 500 : ctx.statusCode();
            failure = new ApiException(status, "Error", "The request failed");
        }
        error(ctx, failure);
    }

    /** Runs {@code write} on the request's context unless the response ended or its connection closed. */
    static void onContext(RoutingContext ctx, Runnable write) {
        HttpServerResponse response = ctx.response();
        Runnable guarded = () -> {
            if (!response.ended() && !response.closed()) {
                write.run();
            }
        };
        Context context = ctx.get(CONTEXT);
        if (context == null || Vertx.currentContext() == context) {
            guarded.run();
        } else {
            context.runOnContext(v -> guarded.run());
        }
    }
}
