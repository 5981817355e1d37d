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
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.RequestOptions;
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
 * The one public endpoint (DESIGN.md, external interfaces): paths of the Heat API that other
 * services own are forwarded to them unchanged — method, path, query, body and the headers that
 * matter (the token above all: the owner authenticates the request itself) — and their answer
 * comes back as it is. {@code /v1/{tenant}/software_configs}, {@code /v1/{tenant}/software_deployments} and a
 * stack's {@code data_bag} go to deployment-service, Heat's resource signal by stack name or id
 * alone ({@code POST /v1/{tenant}/stacks/{stack}/resources/{resource}/signal}) to signal-gateway. The canonical
 * resource signal is template-service's own ({@code StackResourcesResource}), which {@link #toSignalGateway relays}
 * a software deployment's. On Kubernetes an Ingress may route these paths straight to their owners instead.
 */
@ApplicationScoped
public class UpstreamRoutes {

    private static final Logger LOG = Logger.getLogger(UpstreamRoutes.class);

    /** Paths deployment-service owns. */
    static final String DEPLOYMENT_PATHS = "^/v1/[^/]+/(software_configs|software_deployments)(/.*)?$";

    /** A stack tree's data bag (Hearth's API), which deployment-service serves. */
    static final String DATA_BAG_PATHS = "^/v1/[^/]+/stacks/[^/]+/[^/]+/data_bag$";

    /** Heat's resource signal by stack name or id alone, which signal-gateway serves. */
    static final String RESOURCE_SIGNAL_PATHS = "^/v1/[^/]+/stacks/[^/]+/resources/[^/]+/signal$";

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

    public UpstreamRoutes(Config config) {
        this.config = config;
    }

    void routes(@Observes Router router, Vertx vertx) {
        client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
                .setMaxPoolSize(config.maxConnections()));
        forward(router, DEPLOYMENT_PATHS, config.deploymentService(), "deployment-service");
        forward(router, DATA_BAG_PATHS, config.deploymentService(), "deployment-service");
        forward(router, RESOURCE_SIGNAL_PATHS, config.signalGateway(), "signal-gateway");
    }

    private void forward(Router router, String paths, URI target, String owner) {
        router.routeWithRegex(paths).order(-100)
                .handler(BodyHandler.create(false).setBodyLimit(config.maxBodyBytes()))
                .handler(context -> send(context, target, owner, context.body().buffer()));
    }

    void onStop(@Observes ShutdownEvent event) {
        if (client != null) {
            client.close();
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
