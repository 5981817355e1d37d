package io.hearth.notifier.stream;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * A Server-Sent Events client as a browser's {@code EventSource} reads a stream: lines until a blank one make an
 * event; {@code id:} and {@code data:} lines are kept, comment lines (heartbeats) counted. Reads on a thread of
 * its own until closed.
 */
public final class SseClient implements AutoCloseable {

    /** One event of the stream. */
    public record Event(long id, String data) {
    }

    static final String TOKEN = "hearth-dev-token";

    private final List<Event> events = new CopyOnWriteArrayList<>();
    private final List<String> comments = new CopyOnWriteArrayList<>();
    private final HttpResponse<Stream<String>> response;
    private final Thread reader;

    private SseClient(HttpResponse<Stream<String>> response) {
        this.response = response;
        this.reader = new Thread(this::read, "sse-client");
        reader.setDaemon(true);
        reader.start();
    }

    /** Opens the stream at {@code uri} with the given extra headers; answers once the head arrived. */
    public static SseClient open(URI uri, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("X-Auth-Token", TOKEN)
                .header("Accept", "text/event-stream");
        headers.forEach(request::header);
        return new SseClient(HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofLines()));
    }

    public int status() {
        return response.statusCode();
    }

    String contentType() {
        return response.headers().firstValue("Content-Type").orElse("");
    }

    public List<Event> events() {
        return List.copyOf(events);
    }

    List<String> comments() {
        return List.copyOf(comments);
    }

    private void read() {
        long[] id = {-1};
        StringBuilder data = new StringBuilder();
        try (Stream<String> lines = response.body()) {
            lines.forEach(line -> {
                if (line.isEmpty()) {
                    if (data.length() > 0) {
                        events.add(new Event(id[0], data.toString()));
                    }
                    data.setLength(0);
                } else if (line.startsWith(":")) {
                    comments.add(line.substring(1).trim());
                } else if (line.startsWith("id: ")) {
                    id[0] = Long.parseLong(line.substring(4));
                } else if (line.startsWith("data: ")) {
                    data.append(line.substring(6));
                }
            });
        } catch (RuntimeException closed) {
            // the stream was closed
        }
    }

    @Override
    public void close() {
        response.body().close();
        reader.interrupt();
    }
}
