package io.hearth.agent.run;

import io.hearth.agent.Backoff;
import io.hearth.agent.Log;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import io.hearth.agent.hook.Item;
import io.hearth.agent.journal.RunKey;

/**
 * Sends a deployment's signal to its pre-signed URL until the gateway accepts it (2xx) or refuses it for good
 * (400, 403, 404, 410, 413 and other 4xx except 408 and 429); retries 408, 429, 5xx and connection errors
 * with backoff (1 s doubling, capped at 30 s).
 */
public final class SignalClient {

    /**
     * The gateway's final answer.
     *
     * @param status   its HTTP status
     * @param body     its body (at most 2,000 characters)
     * @param accepted true for 2xx
     */
    public record Answer(int status, String body, boolean accepted) {
    }

    private static final Set<Integer> RETRIED_4XX = Set.of(408, 429);

    private final HttpClient http;
    private final String who;

    /** A client logging as {@code who}. */
    public SignalClient(HttpClient http, String who) {
        this.http = http;
        this.who = who;
    }

    /**
     * The signal URL of one run: the item's {@code deploy_signal_id} with {@code action} and {@code generation} added
     * (the gateway takes the run from them); null when the run sends no signal ({@code NO_SIGNAL}, or no URL).
     */
    static URI runUrl(Item item, RunKey run) {
        String url = item.input("deploy_signal_id");
        if ("NO_SIGNAL".equals(item.input("deploy_signal_transport")) || url == null || url.isBlank()) {
            return null;
        }
        return URI.create(url + (url.contains("?") ? "&" : "?") + "action="
                + URLEncoder.encode(run.action(), StandardCharsets.UTF_8) + "&generation=" + run.generation());
    }

    /** The item's {@code deploy_signal_verb}, upper case; POST when it has none. */
    static String verb(Item item) {
        String verb = item.input("deploy_signal_verb");
        return verb == null || verb.isBlank() ? "POST" : verb.toUpperCase(Locale.ROOT);
    }

    /** Sends {@code body} once with POST (a progress report: not retried), waiting at most 5 s. */
    Answer tryOnce(URI url, byte[] body) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(5))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), "", response.statusCode() / 100 == 2);
    }

    /**
     * Delivers {@code body} with {@code verb} to {@code url}.
     *
     * @throws InterruptedException when the agent is stopped meanwhile (the signal stays unsent)
     */
    public Answer deliver(String verb, URI url, byte[] body) throws InterruptedException {
        Backoff backoff = Backoff.standard();
        int attempt = 0;
        while (true) {
            attempt++;
            HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "application/json")
                    .method(verb, HttpRequest.BodyPublishers.ofByteArray(body)).build();
            String problem;
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                String text = response.body() == null ? "" : response.body();
                text = text.length() > 2000 ? text.substring(0, 2000) : text;
                if (status / 100 == 2 || (status / 100 == 4 && !RETRIED_4XX.contains(status))) {
                    return new Answer(status, text, status / 100 == 2);
                }
                problem = "HTTP " + status + " " + text;
            } catch (IOException e) {
                problem = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            }
            if (attempt == 1 || attempt % 10 == 0) {
                Log.warn(who, "signal not accepted yet (attempt " + attempt + "): " + problem + "; retrying");
            }
            backoff.pause();
        }
    }
}
