package io.hearth.template.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.rest.UpstreamRoutes;
import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Reads a stack's runtime export from deployment-service ({@code GET /v1/{tenant}/stacks/{name}/{id}/runtime}) for
 * the abandon answer, which must be assembled while the user waits: the one call template-service makes to
 * deployment-service itself (docs/architecture.md, "Abandon and adopt"). The caller's token goes with it, so
 * deployment-service checks the tenant as for any request.
 */
@ApplicationScoped
public class DeploymentRuntimeClient {

    private static final Logger LOG = Logger.getLogger(DeploymentRuntimeClient.class);

    private final UpstreamRoutes.Config config;
    private final HttpClient client;

    public DeploymentRuntimeClient(UpstreamRoutes.Config config, Vertx vertx) {
        this.config = config;
        this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setMaxPoolSize(4));
    }

    /**
     * The stack's export as deployment-service answers it.
     *
     * @param headers the caller's authentication headers, passed on
     * @throws ApiException 502 when deployment-service does not answer or answers an error
     */
    public Uni<JsonNode> export(String tenant, String name, String id, Map<String, String> headers) {
        URI target = config.deploymentService();
        String path = "/v1/" + encode(tenant) + "/stacks/" + encode(name) + "/" + encode(id) + "/runtime";
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setHost(target.getHost())
                .setPort(target.getPort()).setURI(path).setTimeout(config.timeout().toMillis());
        headers.forEach(options::addHeader);
        return Uni.createFrom().completionStage(() -> client.request(options).compose(request -> request.send())
                .compose(response -> response.body().map(body -> {
                    if (response.statusCode() != 200) {
                        throw new IllegalStateException("answered " + response.statusCode() + ": " + body);
                    }
                    return HearthJson.readTree(body.toString());
                })).toCompletionStage())
                .onFailure().transform(error -> {
                    LOG.warnf("runtime export of stack %s from %s failed: %s", id, target, error);
                    return new ApiException(502, "BadGateway", "deployment-service did not give the stack's runtime: "
                            + error.getMessage());
                });
    }

    void onStop(@Observes ShutdownEvent event) {
        client.close();
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
