package io.hearth.notifier.alarms;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A local HTTP receiver on 127.0.0.2 (the test profile's allowed target) (a random port) standing for a ScalingPolicy's alarm URL: it records every POST
 * with its path and JSON body, and answers 200, or 500 on paths under {@code /failing/}.
 */
public final class ActionReceiver implements BeforeEachCallback, AfterEachCallback {

    /** One POST received. */
    public record Call(String path, JsonNode body) {
    }

    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @Override
    public void beforeEach(ExtensionContext context) {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.2", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String path = exchange.getRequestURI().getPath();
            if ("POST".equals(exchange.getRequestMethod())) {
                calls.add(new Call(path, HearthJson.readTree(body)));
            }
            exchange.sendResponseHeaders(path.startsWith("/failing/") ? 500 : 200, -1);
            exchange.close();
        });
        server.start();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        server.stop(0);
    }

    /** The URL of a path on this receiver. */
    public String url(String path) {
        return "http://127.0.0.2:" + server.getAddress().getPort() + path;
    }

    /** The POSTs received on a path so far. */
    public List<Call> calls(String path) {
        return calls.stream().filter(call -> call.path().equals(path)).toList();
    }
}
