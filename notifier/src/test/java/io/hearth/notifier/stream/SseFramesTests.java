package io.hearth.notifier.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hearth.notifier.journal.JournalEntry;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The SSE frames every connection of a stream is written: encoded once per event, off the heap (a socket write
 * then copies nothing in the JVM), and a burst written as one chunk that refers to those frames. Connections share
 * the frames, so one connection's write must leave them whole for the next.
 */
class SseFramesTests {

    private static final List<JournalEntry> BURST = List.of(
            new JournalEntry(41, "demo", "s1", "s1", "{\"type\":\"a\",\"data\":{\"reason\":\"café ✓\"}}"),
            new JournalEntry(42, "demo", "s1", "s1", "{\"type\":\"b\"}"),
            new JournalEntry(43, "demo", "s2", "s1", "{\"type\":\"c\"}"));

    private static final String FRAMES = "id: 41\ndata: {\"sequence\":\"41\",\"type\":\"a\",\"data\":{\"reason\":"
            + "\"café ✓\"}}\n\n"
            + "id: 42\ndata: {\"sequence\":\"42\",\"type\":\"b\"}\n\n"
            + "id: 43\ndata: {\"sequence\":\"43\",\"type\":\"c\"}\n\n";

    private Vertx vertx;
    private HttpServer server;

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        // every request is a stream that gets the same burst twice, one event alone, then ends
        server = vertx.createHttpServer().requestHandler(request -> {
            SseSink sink = new SseSink(request.response());
            sink.send(BURST);
            sink.send(BURST);
            sink.send(BURST.get(0));
            sink.close("done");
        }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void anEventsFrameIsEncodedOnceOffTheHeap() {
        JournalEntry entry = BURST.get(0);
        Buffer frame = entry.sse();
        assertTrue(frame.getByteBuf().isDirect(), "the frame is in direct memory");
        assertEquals(FRAMES.substring(0, FRAMES.indexOf("id: 42")), frame.toString(StandardCharsets.UTF_8));
        assertTrue(frame == entry.sse(), "every connection is given the same frame");
    }

    @Test
    void aBurstIsOneChunkOverTheSharedFrames() {
        Buffer chunk = SseSink.chunk(BURST);
        assertTrue(chunk.getByteBuf().isDirect(), "no heap copy of the frames");
        assertEquals(FRAMES, chunk.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyConnectionGetsTheSameBytesFromTheSharedFrames() throws Exception {
        String expected = "retry: " + SseSink.RETRY_MILLIS + "\n\n" + FRAMES + FRAMES
                + FRAMES.substring(0, FRAMES.indexOf("id: 42")) + ": done\n\n";
        HttpClient client = HttpClient.newHttpClient();
        for (int connection = 0; connection < 3; connection++) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.actualPort() + "/")).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            assertEquals(200, response.statusCode());
            assertEquals(expected, response.body(), "connection " + connection);
        }
        assertEquals(FRAMES, SseSink.chunk(BURST).toString(StandardCharsets.UTF_8), "the frames are left whole");
    }
}
