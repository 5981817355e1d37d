package io.hearth.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.function.IntSupplier;

/**
 * Plays the signal gateway for tests: serves one server's metadata document (404 once it is set to null)
 * and records every signal, answering each with the status {@link #signalStatus} gives.
 */
public final class FakeGateway implements AutoCloseable {

    /**
     * A signal received.
     *
     * @param method the HTTP method
     * @param path   the path
     * @param query  the raw query
     * @param body   the JSON body
     * @param status the status answered
     */
    public record Signal(String method, String path, String query, JsonNode body, int status) {
    }

    public static final String STACK = "st-1";
    public static final String SERVER = "srv-1";

    private final HttpServer server;
    private final Queue<Signal> signals = new ConcurrentLinkedQueue<>();
    private final Queue<String> polls = new ConcurrentLinkedQueue<>();
    private volatile ObjectNode document;
    private volatile IntSupplier signalStatus = () -> 200;

    public FakeGateway() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-gateway");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/v1/stacks/" + STACK + "/servers/" + SERVER + "/metadata", this::metadata);
        server.createContext("/signal/", this::signal);
        server.start();
        document(List.of());
    }

    /** The base URL. */
    public String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The server's pre-signed metadata URL. */
    public String metadataUrl() {
        return base() + "/v1/stacks/" + STACK + "/servers/" + SERVER + "/metadata?kid=k1&expires=9&signature=x";
    }

    /** A deployment item in Heat's format with the derived inputs; {@code signalPath} under /signal/. */
    public ObjectNode item(String id, String group, String config, long generation, String transport) {
        ObjectNode item = JsonNodeFactory.instance.objectNode();
        item.put("id", id).put("name", id + "-config").put("group", group).put("config", config)
                .put("generation", generation).put("creation_time", "2024-01-01T00:00:00Z");
        ArrayNode inputs = item.putArray("inputs");
        input(inputs, "deploy_server_id", SERVER);
        input(inputs, "deploy_action", "CREATE");
        input(inputs, "deploy_stack_id", "stack/" + STACK);
        input(inputs, "deploy_resource_name", id);
        input(inputs, "deploy_signal_transport", transport);
        input(inputs, "deploy_signal_id", base() + "/signal/" + id + "?kid=k1&expires=9&signature=y");
        input(inputs, "deploy_signal_verb", "POST");
        item.putArray("outputs");
        item.putObject("options");
        return item;
    }

    /** Adds an input {name, type, value}. */
    public static void input(ArrayNode inputs, String name, Object value) {
        ObjectNode input = inputs.addObject().put("name", name).put("type", "String");
        input.set("value", HearthJson.mapper().valueToTree(value));
    }

    /** Serves these items from now on, under the next generation. */
    public synchronized void document(List<ObjectNode> items) {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("server_id", SERVER).put("stack_id", STACK)
                .put("generation", document == null ? 1 : document.path("generation").asLong() + 1);
        doc.putArray("deployments").addAll(items);
        document = doc;
    }

    /** Answers 404 for the metadata from now on. */
    public void deleteServer() {
        document = null;
    }

    /** What signals are answered with. */
    public void signalStatus(IntSupplier status) {
        this.signalStatus = status;
    }

    public List<Signal> signals() {
        return List.copyOf(signals);
    }

    public List<Signal> accepted() {
        return signals.stream().filter(s -> s.status() / 100 == 2).toList();
    }

    public List<String> polls() {
        return List.copyOf(polls);
    }

    private void metadata(HttpExchange exchange) throws IOException {
        String query = exchange.getRequestURI().getRawQuery();
        polls.add(query);
        ObjectNode doc = document;
        if (doc == null) {
            answer(exchange, 404, "{\"error\":\"no such server\"}");
            return;
        }
        if (query.contains("generation=" + doc.path("generation").asLong() + "&")) {
            try {
                Thread.sleep(300); // a short long poll
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
            return;
        }
        answer(exchange, 200, doc.toString());
    }

    private void signal(HttpExchange exchange) throws IOException {
        JsonNode body = HearthJson.mapper().readTree(exchange.getRequestBody().readAllBytes());
        int status = signalStatus.getAsInt();
        signals.add(new Signal(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                exchange.getRequestURI().getRawQuery(), body, status));
        answer(exchange, status, "{\"status\":" + status + "}");
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
