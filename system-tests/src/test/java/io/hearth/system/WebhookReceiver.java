package io.hearth.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook receiver on {@link LocalSystem#RECEIVERS} (the system's one allowed internal receiver address), as a
 * subscriber's would be: verifies each delivery's {@code Hearth-Signature}
 * with the subscription's secret (docs/api.md) and keeps the CloudEvents it took, in arrival order; while
 * {@link #down} it answers 503, so the notifier retries.
 */
final class WebhookReceiver implements AutoCloseable {

    private final HttpServer server;
    private final List<JsonNode> taken = new CopyOnWriteArrayList<>();
    private final List<String> badSignatures = new CopyOnWriteArrayList<>();
    private volatile String secret;
    private volatile boolean down;

    WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(LocalSystem.RECEIVERS, 0), 0);
        server.createContext("/hook", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            int status;
            if (down) {
                status = 503;
            } else if (!verified(exchange.getRequestHeaders().getFirst("Hearth-Signature"), body)) {
                badSignatures.add(new String(body, StandardCharsets.UTF_8));
                status = 401;
            } else {
                taken.add(HearthJson.readTree(new String(body, StandardCharsets.UTF_8)));
                status = 204;
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    String url() {
        return "http://" + LocalSystem.RECEIVERS + ":" + server.getAddress().getPort() + "/hook";
    }

    void secret(String value) {
        secret = value;
    }

    void down(boolean value) {
        down = value;
    }

    /** The events taken (2xx), in arrival order, of a CloudEvent type. */
    List<JsonNode> events(String type) {
        return taken.stream().filter(e -> type.equals(e.path("type").asText())).toList();
    }

    /** Every event taken (2xx), in arrival order. */
    List<JsonNode> events() {
        return List.copyOf(taken);
    }

    /** Deliveries whose signature did not verify. */
    List<String> badSignatures() {
        return List.copyOf(badSignatures);
    }

    private boolean verified(String header, byte[] body) {
        if (header == null || secret == null) {
            return false;
        }
        String t = null;
        List<String> signatures = new java.util.ArrayList<>();
        for (String part : header.split(",")) {
            String[] kv = part.trim().split("=", 2);
            if (kv.length == 2 && kv[0].equals("t")) {
                t = kv[1];
            } else if (kv.length == 2 && kv[0].equals("v1")) {
                signatures.add(kv[1]);
            }
        }
        if (t == null) {
            return false;
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
            byte[] expected = HexFormat.of().formatHex(mac.doFinal(body)).getBytes(StandardCharsets.US_ASCII);
            return signatures.stream().anyMatch(s -> MessageDigest.isEqual(expected,
                    s.getBytes(StandardCharsets.US_ASCII)));
        } catch (Exception e) {
            return false;
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
