package io.hearth.gateway.rest;

import io.hearth.gateway.config.GatewayConfig;
import io.hearth.gateway.messaging.MetadataConsumer;
import io.hearth.gateway.service.RateLimiter;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.signing.PresignedUrls;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.SecurityPolicyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * What every gateway request passes before its body is read: the pre-signed URL check (method, raw path,
 * expiry, key; no database), a 503 until the metadata projection has caught up after a start, the
 * per-path rate limit and the declared body size.
 */
@ApplicationScoped
public class RequestGuard {

    private final PresignedUrls urls;
    private final RateLimiter limiter;
    private final GatewayConfig config;
    private final MetadataConsumer projection;

    public RequestGuard(PresignedUrls urls, RateLimiter limiter, GatewayConfig config, MetadataConsumer projection) {
        this.urls = urls;
        this.limiter = limiter;
        this.config = config;
        this.projection = projection;
    }

    /**
     * A route handler checking requests signed for {@code signedMethod}, then passing them on. It is a
     * {@link SecurityPolicyHandler} so Vert.x lets it run before the body handler.
     */
    SecurityPolicyHandler signedFor(String signedMethod) {
        return new SecurityPolicyHandler() {
            @Override
            public void handle(RoutingContext ctx) {
                Replies.remember(ctx);
                check(signedMethod, ctx.request());
                ctx.next();
            }
        };
    }

    /**
     * Refuses with 403 a request not signed for {@code signedMethod} on its raw path, with 429 one over its
     * path's rate, with 413 one declaring a body over the limit.
     */
    void check(String signedMethod, HttpServerRequest request) {
        String path = request.path();
        switch (urls.verify(signedMethod, path, request.query())) {
            case OK -> {
            }
            case MISSING -> throw forbidden("signature missing: the URL needs kid, expires and signature");
            case UNKNOWN_KEY -> throw forbidden("signature made with unknown key " + request.getParam("kid"));
            case EXPIRED -> throw forbidden("URL expired at " + expiry(request.getParam("expires")));
            case BAD_SIGNATURE -> throw forbidden("signature does not match the request");
        }
        if (!projection.caughtUp()) {
            // A gateway that just started does not know every server and deployment yet: a 404 now would
            // make an agent give up a signal that is valid (an agent retries a 503).
            throw new ApiException(503, "ServiceUnavailable",
                    "The gateway is still loading the servers' metadata; retry shortly");
        }
        if (!limiter.tryAcquire(path)) {
            throw new ApiException(429, "TooManyRequests", "Too many requests for " + path + ", slow down");
        }
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null && tooLong(length)) {
            throw tooLarge(config.maxBodyBytes());
        }
    }

    /** 413 for a body over {@code max} bytes. */
    static ApiException tooLarge(int max) {
        return new ApiException(413, "RequestLimitExceeded", "The request body is larger than " + max + " bytes");
    }

    private boolean tooLong(String length) {
        try {
            return Long.parseLong(length.trim()) > config.maxBodyBytes();
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("InvalidRequest", "Content-Length is not a number");
        }
    }

    private static String expiry(String expires) {
        return Instant.ofEpochSecond(Long.parseLong(expires)).toString();
    }

    private static ApiException forbidden(String message) {
        return new ApiException(403, "Forbidden", message);
    }
}
