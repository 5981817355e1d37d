package io.hearth.notifier.webhook;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.hearth.contracts.envelope.CloudEvent;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook receiver on 127.0.0.2 (the test profile's allowed target) as a user would write one (the JDK's HTTP server, a thread per request): it
 * keeps every request, answers with the status its rule gives the n-th request (0 first), and can hold every
 * request until released (a slow receiver). Signatures are checked as the docs tell receivers to.
 */
final class Receiver implements AutoCloseable {

    /** One request and the status it was answered with. */
    record Request(Map<String, List<String>> headers, byte[] body, int status) {

        String header(String name) {
            return headers.entrySet().stream().filter(h -> h.getKey().equalsIgnoreCase(name))
                    .map(h -> h.getValue().get(0)).findFirst().orElse(null);
        }

        CloudEvent event() {
            return CloudEvent.parse(new String(body, StandardCharsets.UTF_8));
        }

        /** Whether one of the signature's {@code v1} values is the HMAC of {@code t.body} under the secret. */
        boolean signedWith(String secret) throws Exception {
            String t = null;
            List<String> signatures = new CopyOnWriteArrayList<>();
            for (String part : header("Hearth-Signature").split(",")) {
                String[] pair = part.split("=", 2);
                if (pair[0].equals("t")) {
                    t = pair[1];
                } else if (pair[0].equals("v1")) {
                    signatures.add(pair[1]);
                }
            }
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
            byte[] expected = mac.doFinal(body);
            for (String signature : signatures) {
                if (MessageDigest.isEqual(expected, HexFormat.of().parseHex(signature))) {
                    return true;
                }
            }
            return false;
        }
    }

    static {
        // The JDK's server writes an answer's head and body apart: without this, Nagle's algorithm holds the body
        // until the notifier's delayed ACK (40 ms), which would be every try's time.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger count = new AtomicInteger();
    private volatile IntUnaryOperator status = n -> 200;
    private volatile CountDownLatch hold = new CountDownLatch(0);

    private Receiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.2", 0), 0);
        server.createContext("/hook", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    static Receiver start() throws IOException {
        return new Receiver();
    }

    String url() {
        return "http://127.0.0.2:" + server.getAddress().getPort() + "/hook";
    }

    /** Answers the n-th request (0 first) with {@code rule.applyAsInt(n)}. */
    Receiver answering(IntUnaryOperator rule) {
        status = rule;
        return this;
    }

    /** Holds every request until {@link #release()}. */
    Receiver holding() {
        hold = new CountDownLatch(1);
        return this;
    }

    void release() {
        hold.countDown();
    }

    /** Every request that came, answered or held (held ones with status 0). */
    int received() {
        return count.get();
    }

    /** The requests answered so far. */
    List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The requests answered with 2xx: the deliveries. */
    List<Request> delivered() {
        return requests.stream().filter(request -> request.status() / 100 == 2).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        int n = count.getAndIncrement();
        byte[] body = exchange.getRequestBody().readAllBytes();
        try {
            hold.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        int answer = status.applyAsInt(n);
        requests.add(new Request(Map.copyOf(exchange.getRequestHeaders()), body, answer));
        byte[] text = (answer / 100 == 2 ? "ok" : "down for maintenance").getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer, text.length);
        exchange.getResponseBody().write(text);
        exchange.close();
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        threads.shutdownNow();
    }
}
