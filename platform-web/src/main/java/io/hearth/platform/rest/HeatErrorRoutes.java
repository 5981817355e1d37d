package io.hearth.platform.rest;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.platform.health.FatalErrors;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Heat's error body for what the HTTP layer answers before (or instead of) any resource method: a body
 * declared larger than {@code quarkus.http.limits.max-body-size} (413, checked just before Quarkus's own
 * check, which answers with no body and closes the connection unread), no route for the path or method
 * (Vert.x's 404, 405, 406, 415), and failures no route handled (a 500 that says nothing of the internals,
 * logged). Quarkus REST's refusals are {@link ApiExceptionMappers}'.
 */
@ApplicationScoped
public class HeatErrorRoutes {

    private static final Logger LOG = Logger.getLogger(HeatErrorRoutes.class);

    /** After every route's own failure handler, before Quarkus's last one (which answers HTML or its own JSON). */
    private static final int FAILURE_ORDER = Integer.MAX_VALUE - 1;

    /** The most of a refused body read (and dropped) before the connection is closed. */
    private static final long SWALLOW_BYTES = 16L * 1024 * 1024;

    private final long maxBodyBytes;
    private final Instance<FailureRefusal> refusals;

    public HeatErrorRoutes(
            @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "10240K") MemorySize maxBody,
            Instance<FailureRefusal> refusals) {
        this.maxBodyBytes = maxBody.asLongValue();
        this.refusals = refusals;
    }

    void mount(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::limitBody);
        router.route().order(FAILURE_ORDER).failureHandler(this::failure);
        for (int status = 400; status < 600; status++) {
            int code = status;
            router.errorHandler(code, ctx -> refuse(ctx, code, HttpRefusals.message(code, ctx.request(), null)));
        }
    }

    /**
     * 413 with Heat's body for a declared length over the limit. The body is read and dropped, up to
     * {@link #SWALLOW_BYTES}, so that a client which sends all of it before reading the answer gets the
     * answer rather than a broken pipe; past that the connection is closed.
     */
    private void limitBody(RoutingContext ctx) {
        String declared = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        long length = declared == null ? -1 : parse(declared);
        if (length <= maxBodyBytes) {
            ctx.next();
            return;
        }
        HttpServerRequest request = ctx.request();
        long[] dropped = {0};
        request.handler(chunk -> {
            dropped[0] += chunk.length();
            if (dropped[0] > SWALLOW_BYTES) {
                request.connection().close();
            }
        });
        request.resume();
        refuse(ctx, 413, HttpRefusals.tooLarge(length, maxBodyBytes));
    }

    private static long parse(String length) {
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1; // Vert.x refuses a malformed Content-Length itself
        }
    }

    /**
     * A route's failure as Heat's error body: an {@link ApiException} with its status, a lower layer's refusal
     * ({@link FailureRefusal}: the database's), a status the route failed with (a body handler's 413), anything
     * else a logged 500.
     */
    private void failure(RoutingContext ctx) {
        Throwable failure = ctx.failure();
        if (failure != null) {
            FatalErrors.PROCESS.haltIfFatal(failure, ctx.request().method() + " " + ctx.request().path());
        }
        ApiException refusal = FailureRefusal.first(refusals, failure);
        HttpServerRequest request = ctx.request();
        if (refusal != null) {
            if (!ctx.response().headWritten()) {
                refusal.headers().forEach(ctx.response()::putHeader);
            }
            refuse(ctx, refusal.status(), refusal.type(), refusal.getMessage());
            return;
        }
        int status = failure == null && ctx.statusCode() >= 400 ? ctx.statusCode() : 500;
        if (status == 500) {
            LOG.errorf(failure, "%s %s failed", request.method(), request.path());
        }
        refuse(ctx, status, HttpRefusals.message(status, request, null));
    }

    private static void refuse(RoutingContext ctx, int status, String message) {
        refuse(ctx, status, HeatError.typeOf(status), message);
    }

    /** Answers Heat's error body unless an answer was already started. */
    public static void refuse(RoutingContext ctx, int status, String type, String message) {
        HttpServerResponse response = ctx.response();
        if (response.headWritten() || response.closed()) {
            return;
        }
        response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(HearthJson.write(HeatError.of(status, type, message)));
    }
}
