package io.hearth.template;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Plays the notifier's live streams for template-service's proxy tests, on a port of its own: with a token it answers
 * an endless SSE stream (a 1 kB event every 10 ms, as a replay from {@code Last-Event-ID: 0} would) until writing
 * fails because the connection went (a stack named {@code slow}: after a second); without one it refuses with a plain-text 401, as a proxy in between might.
 */
public class FakeNotifier implements QuarkusTestResourceLifecycleManager {

    /** Streams open now. */
    static final AtomicInteger OPEN = new AtomicInteger();
    /** Streams that ended because their connection went. */
    static final AtomicInteger ENDED = new AtomicInteger();

    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/v1/", exchange -> {
            if (exchange.getRequestHeaders().getFirst("X-Auth-Token") == null) {
                byte[] body = "no token".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "text/plain");
                exchange.sendResponseHeaders(401, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
                return;
            }
            if (exchange.getRequestURI().getPath().contains("/stacks/slow/")) {
                // A notifier busy elsewhere: it answers after its client has gone.
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            byte[] event = ("data: " + "x".repeat(1024) + "\n\n").getBytes(StandardCharsets.UTF_8);
            OPEN.incrementAndGet();
            try (OutputStream out = exchange.getResponseBody()) {
                while (true) {
                    out.write(event);
                    out.flush();
                    Thread.sleep(10);
                }
            } catch (IOException | InterruptedException e) {
                ENDED.incrementAndGet();
            } finally {
                OPEN.decrementAndGet();
            }
        });
        server.start();
        return Map.of("hearth.upstream.notifier", "http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void stop() {
        server.stop(0);
    }
}
