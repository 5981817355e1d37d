package io.hearth.testsupport.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The public API as the whole-system benches use it ({@code bench/*.java}): requests with the development token
 * that must answer an expected status, the id in an answer, a template as a JSON string literal, and how a bench
 * says it failed.
 */
public final class StacksApi {

    /** The tenant's API, {@code HEARTH_API} (default the local template-service's {@code /v1/demo}). */
    public static final String API = System.getenv().getOrDefault("HEARTH_API", "http://127.0.0.1:8004/v1/demo");
    /** The token sent, {@code HEARTH_TOKEN} (default the development token the local services accept). */
    public static final String TOKEN = System.getenv().getOrDefault("HEARTH_TOKEN", "hearth-dev-token");
    /** The system's Kafka, {@code HEARTH_KAFKA}. */
    public static final String KAFKA = System.getenv().getOrDefault("HEARTH_KAFKA", "127.0.0.1:9092");

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-f-]{36})\"");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private StacksApi() {
    }

    /**
     * Sends a request and returns the answer's body.
     *
     * @param method   the HTTP method
     * @param url      the whole URL
     * @param body     a JSON body, or null
     * @param expected the status the answer must have
     * @param token    whether to send the token (a pre-signed URL takes none)
     * @throws IllegalStateException when the answer has another status
     */
    public static String send(String method, String url, String body, int expected, boolean token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json");
        if (token) {
            request.header("X-Auth-Token", TOKEN);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expected) {
            throw new IllegalStateException(method + " " + url + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return response.body();
    }

    /** The first {@code "id"} in an answer (a created stack's). */
    public static String id(String body) {
        Matcher m = ID.matcher(body);
        if (!m.find()) {
            throw new IllegalStateException("no id in " + body);
        }
        return m.group(1);
    }

    /** A JSON string literal of the text. */
    public static String quote(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                default -> out.append(c);
            }
        }
        return out.append('"').toString();
    }

    /**
     * Says what failed and ends the bench with status 1. Kafka's exceptions carry no stack trace, which the source
     * launcher cannot print, so the causes are listed.
     */
    public static void fail(Exception e) {
        System.err.println("bench failed: " + e);
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            System.err.println("  caused by: " + cause);
        }
        System.exit(1);
    }
}
