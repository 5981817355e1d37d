package io.hearth.template.rest;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.rest.HeatError;
import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.http.UpgradeRejectedException;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.http.WebSocketFrameType;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * The one public endpoint (docs/design.md, "External interfaces"): paths of the Heat API that other
 * services own are forwarded to them unchanged — method, path, query, body and the headers that
 * matter (the token above all: the owner authenticates the request itself) — and their answer
 * comes back as it is. {@code /v1/{tenant}/software_configs}, {@code /v1/{tenant}/software_deployments},
 * {@code /v1/{tenant}/instance_notifications} and a stack's {@code data_bag} go to deployment-service, Heat's
 * resource signal by stack name or id alone ({@code POST /v1/{tenant}/stacks/{stack}/resources/{resource}/signal})
 * to signal-gateway, the webhook subscriptions ({@code /v1/{tenant}/subscriptions...}) to the notifier. The
 * canonical resource signal is template-service's own ({@code StackResourcesResource}), which
 * {@link #toSignalGateway relays} a software deployment's. The live streams ({@code /v1/{tenant}/stream},
 * {@code .../stacks/.../stream}) go to the
 * notifier as streams: the answer is passed on as it comes, with no answer timeout, and a WebSocket upgrade is
 * proxied frame by frame. On Kubernetes an Ingress may route these paths straight to their owners instead.
 */
@ApplicationScoped
public class UpstreamRoutes {

    private static final Logger LOG = Logger.getLogger(UpstreamRoutes.class);

    /** Paths deployment-service owns. */
    static final String DEPLOYMENT_PATHS =
            "^/v1/[^/]+/(software_configs|software_deployments|instance_notifications)(/.*)?$";

    /** A stack tree's data bag and its versions (Hearth's API), which deployment-service serves. */
    static final String DATA_BAG_PATHS = "^/v1/[^/]+/stacks/[^/]+/[^/]+/data_bag(/versions)?$";

    /** An ad-hoc action on a stack's resource (Hearth's API), which deployment-service serves. */
    static final String RESOURCE_ACTION_PATHS = "^/v1/[^/]+/stacks/[^/]+/[^/]+/resources/[^/]+/actions$";

    /** Heat's resource signal by stack name or id alone, which signal-gateway serves. */
    static final String RESOURCE_SIGNAL_PATHS = "^/v1/[^/]+/stacks/[^/]+/resources/[^/]+/signal$";

    /** The notifier's live streams: a tenant's, a stack's by name or id, a stack's by name and id. */
    static final String STREAM_PATHS = "^/v1/[^/]+/(stream|stacks/[^/]+(/[^/]+)?/stream)$";

    /** The notifier's webhook subscriptions and their dead letters. */
    static final String SUBSCRIPTION_PATHS = "^/v1/[^/]+/subscriptions(/.*)?$";

    /** Request headers of a WebSocket handshake that the proxy's own handshake with the notifier sets. */
    private static final Set<String> HANDSHAKE_HEADERS = Set.of("sec-websocket-key", "sec-websocket-version",
            "sec-websocket-extensions", "sec-websocket-accept");

    /** Request headers that are about the hop, not the request (RFC 9110 7.6.1), and Host. */
    private static final Set<String> HOP_HEADERS = Set.of("connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "te", "trailer", "upgrade", "host", "content-length");

    /** Where deployment-service answers ({@code hearth.upstream.*}). */
    @ConfigMapping(prefix = "hearth.upstream")
    public interface Config {

        /** deployment-service's base URL. */
        @WithDefault("http://127.0.0.1:8005")
        URI deploymentService();

        /** signal-gateway's base URL. */
        @WithDefault("http://127.0.0.1:8006")
        URI signalGateway();

        /** notifier's base URL (the live streams, the webhook subscriptions). */
        @WithDefault("http://127.0.0.1:8007")
        URI notifier();

        /** Most streams forwarded to the notifier at once (each holds a connection while it lasts). */
        @WithDefault("4096")
        int maxStreams();

        /** How long to wait for an answer before 504. */
        @WithDefault("30s")
        Duration timeout();

        /** The largest request body forwarded; a larger one is refused with 413. */
        @WithDefault("2097152")
        long maxBodyBytes();

        /** Most connections kept open to one upstream. */
        @WithDefault("32")
        int maxConnections();
    }

    private final Config config;
    private HttpClient client;
    private HttpClient streams;

    public UpstreamRoutes(Config config) {
        this.config = config;
    }

    void routes(@Observes Router router, Vertx vertx) {
        client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
                .setMaxPoolSize(config.maxConnections()));
        forward(router, DEPLOYMENT_PATHS, config.deploymentService(), "deployment-service");
        forward(router, DATA_BAG_PATHS, config.deploymentService(), "deployment-service");
        forward(router, RESOURCE_ACTION_PATHS, config.deploymentService(), "deployment-service");
        forward(router, RESOURCE_SIGNAL_PATHS, config.signalGateway(), "signal-gateway");
        forward(router, SUBSCRIPTION_PATHS, config.notifier(), "notifier");
        streams = vertx.createHttpClient(new HttpClientOptions().setMaxPoolSize(config.maxStreams())
                .setMaxWebSockets(config.maxStreams()));
        router.routeWithRegex(HttpMethod.GET, STREAM_PATHS).order(-100).handler(this::stream);
    }

    private void forward(Router router, String paths, URI target, String owner) {
        router.routeWithRegex(paths).order(-100)
                .handler(BodyHandler.create(false).setBodyLimit(config.maxBodyBytes()))
                .handler(context -> send(context, target, owner, context.body().buffer()));
    }

    void onStop(@Observes ShutdownEvent event) {
        if (client != null) {
            client.close();
            streams.close();
        }
    }

    /**
     * Sends a request that a resource method took (a software deployment's resource signal) on to signal-gateway
     * as it came, and answers with signal-gateway's answer: its status, headers and body.
     */
    public Uni<Response> toSignalGateway(HttpServerRequest incoming, Buffer body) {
        URI target = config.signalGateway();
        return Uni.createFrom().completionStage(() -> client.request(options(incoming, target))
                .compose(request -> request.send(body))
                .compose(response -> response.body().map(answer -> {
                    Response.ResponseBuilder out = Response.status(response.statusCode()).entity(answer.getBytes());
                    response.headers().forEach(header -> {
                        if (!HOP_HEADERS.contains(header.getKey().toLowerCase())) {
                            out.header(header.getKey(), header.getValue());
                        }
                    });
                    return out.build();
                })).toCompletionStage())
                .onFailure().transform(error -> {
                    LOG.warnf("forwarding %s %s to %s failed: %s", incoming.method(), incoming.path(), target, error);
                    return new ApiException(502, "BadGateway", "signal-gateway did not answer: " + error.getMessage());
                });
    }

    /** The request to the owner: the incoming method, URI and headers but those of the hop. */
    private RequestOptions options(HttpServerRequest incoming, URI target) {
        RequestOptions options = new RequestOptions().setMethod(incoming.method())
                .setHost(target.getHost()).setPort(target.getPort())
                .setURI(incoming.uri()).setTimeout(config.timeout().toMillis());
        incoming.headers().forEach(header -> {
            if (!HOP_HEADERS.contains(header.getKey().toLowerCase())) {
                options.addHeader(header.getKey(), header.getValue());
            }
        });
        options.addHeader("X-Forwarded-Host", incoming.authority() == null ? "" : incoming.authority().toString());
        return options;
    }

    private void send(RoutingContext context, URI target, String owner, Buffer body) {
        HttpServerRequest incoming = context.request();
        client.request(options(incoming, target))
                .compose(request -> body == null ? request.send() : request.send(body))
                .compose(response -> response.body().map(answer -> {
                    var out = context.response().setStatusCode(response.statusCode());
                    response.headers().forEach(header -> {
                        if (!HOP_HEADERS.contains(header.getKey().toLowerCase())) {
                            out.putHeader(header.getKey(), header.getValue());
                        }
                    });
                    return out.end(answer);
                }))
                .onFailure(error -> {
                    LOG.warnf("forwarding %s %s to %s failed: %s", incoming.method(), incoming.path(), target, error);
                    fail(context, 502, "BadGateway", owner + " did not answer: " + error.getMessage());
                });
    }

    /**
     * A live stream: the notifier's answer passed on as it comes (no answer timeout: a stream lasts; the notifier's
     * heartbeats keep it busy), the notifier's connection closed when the client goes away; a WebSocket upgrade
     * is proxied.
     */
    private void stream(RoutingContext context) {
        HttpServerRequest incoming = context.request();
        URI target = config.notifier();
        if ("websocket".equalsIgnoreCase(incoming.getHeader(HttpHeaders.UPGRADE))) {
            webSocket(context, target);
            return;
        }
        RequestOptions options = options(incoming, target).setTimeout(-1).setConnectTimeout(config.timeout()
                .toMillis());
        streams.request(options)
                .compose(request -> {
                    // The client may go before the notifier answers: the notifier's stream ends with it.
                    context.response().closeHandler(v -> request.reset());
                    return request.send();
                })
                .onSuccess(response -> passOn(context, response))
                .onFailure(error -> {
                    if (context.response().closed()) {
                        return;
                    }
                    LOG.warnf("forwarding %s to %s failed: %s", incoming.path(), target, error);
                    fail(context, 502, "BadGateway", "notifier did not answer: " + error.getMessage());
                });
    }

    /**
     * The notifier's answer passed on as it comes, at the client's pace (the pipe pauses the notifier's side while
     * the client's is full); the notifier's connection is reset as soon as the client's closes, so the notifier's
     * stream ends with it. A refusal is passed on with Heat's error body.
     */
    private static void passOn(RoutingContext context, HttpClientResponse response) {
        if (context.response().closed()) {
            response.request().reset();
            return;
        }
        if (response.statusCode() >= 400) {
            refusal(context, response);
            return;
        }
        var out = context.response().setStatusCode(response.statusCode());
        response.headers().forEach(header -> {
            if (!HOP_HEADERS.contains(header.getKey().toLowerCase())) {
                out.putHeader(header.getKey(), header.getValue());
            }
        });
        if (!response.headers().contains(HttpHeaders.CONTENT_LENGTH)) {
            out.setChunked(true);
        }
        out.closeHandler(v -> response.request().reset());
        response.pipeTo(out).onFailure(error -> response.request().reset());
    }

    /** The notifier's refusal of a stream, with Heat's error body (the notifier's own when it sent one). */
    private static void refusal(RoutingContext context, HttpClientResponse response) {
        response.body().onComplete(body -> refused(context, response.statusCode(),
                body.succeeded() ? body.result().toString() : ""));
    }

    /** A refusal with Heat's error body: the notifier's when it is one, else one made of its status and text. */
    private static void refused(RoutingContext context, int status, String text) {
        if (text.startsWith("{") && text.contains("\"error\"")) {
            context.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .end(text);
        } else {
            fail(context, status, HeatError.typeOf(status), text.isBlank() ? "The stream was refused: HTTP "
                    + status : text.strip());
        }
    }

    /**
     * The client's WebSocket, proxied: the proxy opens its own to the notifier with the client's headers (the
     * token), then accepts the client's upgrade and passes frames both ways; a refusal (401, 404) is passed on as
     * the notifier answered it.
     */
    private void webSocket(RoutingContext context, URI target) {
        HttpServerRequest incoming = context.request();
        incoming.pause();
        WebSocketConnectOptions options = new WebSocketConnectOptions().setHost(target.getHost())
                .setPort(target.getPort()).setURI(incoming.uri()).setTimeout(config.timeout().toMillis());
        incoming.headers().forEach(header -> {
            String name = header.getKey().toLowerCase();
            if (!HOP_HEADERS.contains(name) && !HANDSHAKE_HEADERS.contains(name)) {
                options.addHeader(header.getKey(), header.getValue());
            }
        });
        streams.webSocket(options).onSuccess(upstream -> incoming.toWebSocket()
                .onSuccess(downstream -> bridge(upstream, downstream))
                .onFailure(error -> upstream.close()))
                .onFailure(error -> {
                    incoming.resume();
                    if (error instanceof UpgradeRejectedException rejected) {
                        refused(context, rejected.getStatus(), rejected.getBody() == null ? ""
                                : rejected.getBody().toString());
                        return;
                    }
                    LOG.warnf("forwarding the WebSocket %s to %s failed: %s", incoming.path(), target, error);
                    fail(context, 502, "BadGateway", "notifier did not answer: " + error.getMessage());
                });
    }

    /** Frames from the notifier to the client (pausing the notifier's side while the client's is full). */
    private static void bridge(WebSocket upstream, ServerWebSocket downstream) {
        upstream.frameHandler(frame -> {
            if (frame.isClose() || frame.type() == WebSocketFrameType.PONG) {
                return;
            }
            downstream.writeFrame(frame);
            if (downstream.writeQueueFull()) {
                upstream.pause();
                downstream.drainHandler(v -> upstream.resume());
            }
        });
        upstream.closeHandler(v -> {
            if (!downstream.isClosed()) {
                Short code = upstream.closeStatusCode();
                if (code == null) {
                    downstream.close();
                } else {
                    downstream.close(code, upstream.closeReason());
                }
            }
        });
        downstream.closeHandler(v -> {
            if (!upstream.isClosed()) {
                upstream.close();
            }
        });
    }

    /** Heat's error body. */
    private static void fail(RoutingContext context, int status, String type, String message) {
        if (context.response().headWritten()) {
            context.response().reset();
            return;
        }
        context.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(HearthJson.write(HeatError.of(status, type, message)));
    }
}
