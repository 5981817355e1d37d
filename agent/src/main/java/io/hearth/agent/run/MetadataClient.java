package io.hearth.agent.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.agent.AgentMain;
import io.hearth.agent.Backoff;
import io.hearth.agent.Log;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * Long-polls the server's metadata URL: {@code &generation=G&wait=30} once a generation was seen (the first
 * poll is answered at once), and {@code &boot_id=..&address=..&agent_version=..} on every poll (the gateway
 * publishes the check-in from those). Errors and timeouts are retried with backoff (capped at 30 s).
 */
public final class MetadataClient {

    /** Seconds the gateway may hold a long poll. */
    public static final int WAIT_SECONDS = 30;

    /** The server was deleted: the gateway answered 404. */
    public static final class ServerGone extends Exception {
        ServerGone(String message) {
            super(message);
        }
    }

    private final HttpClient http;
    private final ServerContext server;

    /** A client for {@code server}'s metadata. */
    public MetadataClient(HttpClient http, ServerContext server) {
        this.http = http;
        this.server = server;
    }

    /**
     * One poll, retried until the gateway answers.
     *
     * @param generation the last generation seen, null for none
     * @return the document, or empty when the long poll ended without a new one (204 or 304)
     * @throws ServerGone          on 404
     * @throws InterruptedException when the agent is stopped
     */
    public Optional<JsonNode> poll(Long generation) throws ServerGone, InterruptedException {
        URI uri = uri(generation);
        Duration timeout = Duration.ofSeconds(generation == null ? 30 : WAIT_SECONDS + 30);
        Backoff backoff = Backoff.standard();
        int failures = 0;
        while (true) {
            String problem;
            try {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(timeout)
                        .header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                if (status == 200) {
                    return Optional.of(HearthJson.mapper().readTree(response.body()));
                }
                if (status == 204 || status == 304) {
                    return Optional.empty();
                }
                if (status == 404) {
                    throw new ServerGone("the gateway answered 404 for the metadata: the server was deleted");
                }
                problem = "HTTP " + status;
            } catch (IOException e) {
                problem = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            }
            failures++;
            if (failures == 1 || failures % 10 == 0) {
                Log.warn(server.who(), "metadata poll failed (" + failures + " in a row): " + problem + "; retrying");
            }
            backoff.pause();
        }
    }

    private URI uri(Long generation) {
        String base = server.metadataUrl().toString();
        StringBuilder url = new StringBuilder(base).append(base.contains("?") ? '&' : '?');
        if (generation != null) {
            url.append("generation=").append(generation).append("&wait=").append(WAIT_SECONDS).append('&');
        }
        url.append("boot_id=").append(encode(server.bootId()))
                .append("&address=").append(encode(server.address()))
                .append("&agent_version=").append(encode(AgentMain.VERSION));
        return URI.create(url.toString());
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
