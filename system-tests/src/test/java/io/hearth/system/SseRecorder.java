package io.hearth.system;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A client of a Server-Sent Events stream, as a user's would be: keeps every event's data (a CloudEvent) in
 * arrival order, and after a dropped connection reconnects with {@code Last-Event-ID}, so a test can check that
 * nothing was lost or repeated. Reads on a daemon thread until {@link #close}.
 */
final class SseRecorder implements AutoCloseable {

    private final String url;
    private final String token;
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private final List<String> ids = new CopyOnWriteArrayList<>();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Thread reader;
    private volatile boolean closed;
    private volatile InputStream body;

    private SseRecorder(String url, String token) {
        this.url = url;
        this.token = token;
        this.reader = new Thread(this::run, "sse-recorder");
        reader.setDaemon(true);
    }

    /** Opens the stream (its URL may carry {@code last_event_id=0} to replay from the start). */
    static SseRecorder open(String url, String token) {
        SseRecorder recorder = new SseRecorder(url, token);
        recorder.reader.start();
        return recorder;
    }

    /** The data of every event of a CloudEvent type received so far, in order. */
    List<JsonNode> events(String type) {
        return events.stream().filter(e -> type.equals(e.path("type").asText())).toList();
    }

    /** Every event's {@code id:} so far, in order. */
    List<String> ids() {
        return List.copyOf(ids);
    }

    private void run() {
        int failures = 0;
        while (!closed && failures < 30) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("X-Auth-Token", token)
                    .header("Accept", "text/event-stream").GET();
            if (!ids.isEmpty()) {
                request.header("Last-Event-ID", ids.get(ids.size() - 1));
            }
            try {
                HttpResponse<InputStream> response = client.send(request.build(),
                        HttpResponse.BodyHandlers.ofInputStream());
                body = response.body();
                if (response.statusCode() != 200) {
                    failures++;
                    body.close();
                    Thread.sleep(1000);
                    continue;
                }
                failures = 0; // connected: the budget is for one outage, as a client's backoff would be
                read(new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8)));
            } catch (Exception e) {
                failures++;
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    private void read(BufferedReader lines) throws Exception {
        String id = null;
        StringBuilder data = new StringBuilder();
        for (String line = lines.readLine(); line != null && !closed; line = lines.readLine()) {
            if (line.isEmpty()) {
                if (data.length() > 0) {
                    events.add(HearthJson.readTree(data.toString()));
                    if (id != null) {
                        ids.add(id);
                    }
                }
                id = null;
                data.setLength(0);
            } else if (line.startsWith("id:")) {
                id = line.substring(3).trim();
            } else if (line.startsWith("data:")) {
                data.append(line.substring(5).trim());
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            if (body != null) {
                body.close();
            }
        } catch (Exception ignored) {
            // closing a stream that is gone
        }
        reader.interrupt();
    }
}
