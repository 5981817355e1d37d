package io.hearth.template.rest;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Heat's service list ({@code GET /v1/{tenant}/services}, {@code openstack orchestration service list}): where Heat
 * lists its engines, Hearth lists its services, each as the replica this endpoint reaches answers its liveness probe
 * ({@code /q/health/live}) now: this template-service, and the deployment-service, signal-gateway and notifier of
 * {@code hearth.upstream.*}. {@code up} when the probe answers 200 within the timeout, {@code down} otherwise. The
 * route is under the same authentication filter as every {@code /v1/{tenant}} route.
 */
@Path("/v1/{tenant}/services")
@Produces(MediaType.APPLICATION_JSON)
public class ServiceResource {

    /** How long a probe may take, in seconds (Heat's {@code report_interval} column shows it). */
    static final int PROBE_SECONDS = 5;

    private final UpstreamRoutes.Config upstream;
    private final HttpClient client;
    private final URI self;

    public ServiceResource(UpstreamRoutes.Config upstream, Vertx vertx,
            @org.eclipse.microprofile.config.inject.ConfigProperty(name = "quarkus.http.port") int port) {
        this.upstream = upstream;
        this.client = vertx.createHttpClient(new HttpClientOptions().setMaxPoolSize(4));
        this.self = URI.create("http://127.0.0.1:" + port);
    }

    /** Every service with its status. */
    @GET
    public Uni<Map<String, List<Map<String, Object>>>> list() {
        Instant started = Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime());
        Uni<Map<String, Object>> template = Uni.createFrom().item(service("template-service", self, "up", started));
        return Uni.combine().all().unis(template, probe("deployment-service", upstream.deploymentService()),
                probe("signal-gateway", upstream.signalGateway()), probe("notifier", upstream.notifier()))
                .with(Map.class, services -> Map.of("services", services.stream()
                        .map(service -> (Map<String, Object>) service).toList()));
    }

    private Uni<Map<String, Object>> probe(String binary, URI target) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setHost(target.getHost())
                .setPort(target.getPort()).setURI("/q/health/live").setTimeout(PROBE_SECONDS * 1000L);
        return Uni.createFrom().completionStage(() -> client.request(options).compose(request -> request.send())
                .compose(response -> response.body().map(body -> response.statusCode() == 200))
                .toCompletionStage())
                .onFailure().recoverWithItem(false)
                .map(up -> service(binary, target, up ? "up" : "down", null));
    }

    /** One row of Heat's service list. */
    private static Map<String, Object> service(String binary, URI at, String status, Instant created) {
        String host = at.getHost() + ":" + at.getPort();
        String id = UUID.nameUUIDFromBytes((binary + "@" + host).getBytes(StandardCharsets.UTF_8)).toString();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("engine_id", id);
        row.put("host", host);
        row.put("hostname", at.getHost());
        row.put("binary", "hearth-" + binary);
        row.put("topic", binary);
        row.put("report_interval", PROBE_SECONDS);
        row.put("created_at", created == null ? null : created.truncatedTo(ChronoUnit.SECONDS).toString());
        row.put("updated_at", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        row.put("deleted_at", null);
        row.put("status", status);
        return row;
    }
}
