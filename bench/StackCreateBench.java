import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Creates stacks with no resources through the public API of a running Hearth (deploy/up)
 * and measures (1) the API's answer time for stack-create and (2) the time from the request
 * to the stack showing CREATE_COMPLETE, i.e. template-service → Kafka → deployment-service →
 * Kafka → template-service. Keep-alive HTTP/1.1, N client threads, loopback only; bounded by
 * the count and a deadline.
 *
 * <pre>java bench/StackCreateBench.java [stacks=400] [threads=8] [pollMs=20] [baseUrl=http://127.0.0.1:8004]</pre>
 *
 * Completion is seen by polling stack-show every pollMs per thread: a short interval measures
 * latency more finely but loads the same machine; the figures name the interval used.
 */
public class StackCreateBench {

    private static final String TEMPLATE = "heat_template_version: 2018-08-31\\n"
            + "parameters:\\n  greeting: {type: string, default: hello}\\n"
            + "outputs:\\n  greeting: {value: {get_param: greeting}}\\n";
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-f-]{36})\"");
    private static final Pattern STATUS = Pattern.compile("\"stack_status\"\\s*:\\s*\"([A-Z_]+)\"");
    private static final Duration DEADLINE = Duration.ofMinutes(5);

    public static void main(String[] args) throws Exception {
        int stacks = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int pollMs = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        String base = args.length > 3 ? args[3] : "http://127.0.0.1:8004";
        if (!URI.create(base).getHost().startsWith("127.") && !"localhost".equals(URI.create(base).getHost())) {
            throw new IllegalArgumentException("this benchmark only targets loopback addresses");
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        String run = Long.toString(System.currentTimeMillis(), 36);

        warmUp(http, base, run);

        ConcurrentLinkedQueue<Long> apiMillis = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Long> completeMillis = new ConcurrentLinkedQueue<>();
        AtomicInteger failed = new AtomicInteger();
        AtomicInteger next = new AtomicInteger();
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < stacks && System.nanoTime() < deadline;
                        i = next.getAndIncrement()) {
                    try {
                        String name = "bench-" + run + "-" + i;
                        long sent = System.nanoTime();
                        HttpResponse<String> created = http.send(post(base, name), HttpResponse.BodyHandlers.ofString());
                        apiMillis.add(elapsedMicros(sent));
                        if (created.statusCode() != 201) {
                            failed.incrementAndGet();
                            continue;
                        }
                        Matcher id = ID.matcher(created.body());
                        id.find();
                        String url = base + "/v1/demo/stacks/" + name + "/" + id.group(1);
                        String status = "CREATE_IN_PROGRESS";
                        while (status.endsWith("IN_PROGRESS") && System.nanoTime() < deadline) {
                            Thread.sleep(pollMs);
                            Matcher m = STATUS.matcher(http.send(get(url), HttpResponse.BodyHandlers.ofString()).body());
                            status = m.find() ? m.group(1) : status;
                        }
                        if ("CREATE_COMPLETE".equals(status)) {
                            completeMillis.add(elapsedMicros(sent));
                        } else {
                            failed.incrementAndGet();
                        }
                    } catch (Exception e) {
                        failed.incrementAndGet();
                    }
                }
            });
        }
        pool.shutdown();
        pool.awaitTermination(DEADLINE.toMinutes() + 1, TimeUnit.MINUTES);
        double seconds = (System.nanoTime() - start) / 1e9;

        System.out.printf("stacks=%d threads=%d poll=%d ms wall=%.1f s failed=%d%n", stacks, threads, pollMs, seconds,
                failed.get());
        System.out.printf("stack-create API answer (201):      %s%n", summary(apiMillis));
        System.out.printf("create → CREATE_COMPLETE via Kafka: %s%n", summary(completeMillis));
        System.out.printf("stacks completed per second: %.1f%n", completeMillis.size() / seconds);
    }

    /** A few creates first, so JIT and connection pools are warm before measuring. */
    private static void warmUp(HttpClient http, String base, String run) throws Exception {
        for (int i = 0; i < 20; i++) {
            http.send(post(base, "warm-" + run + "-" + i), HttpResponse.BodyHandlers.discarding());
        }
        Thread.sleep(2000);
    }

    private static HttpRequest post(String base, String name) {
        String body = "{\"stack_name\": \"" + name + "\", \"template\": \"" + TEMPLATE + "\"}";
        return HttpRequest.newBuilder(URI.create(base + "/v1/demo/stacks"))
                .header("X-Auth-Token", "hearth-dev-token").header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).header("X-Auth-Token", "hearth-dev-token")
                .timeout(Duration.ofSeconds(30)).GET().build();
    }

    private static long elapsedMicros(long since) {
        return (System.nanoTime() - since) / 1000;
    }

    private static String summary(ConcurrentLinkedQueue<Long> micros) {
        List<Long> sorted = new ArrayList<>(micros);
        if (sorted.isEmpty()) {
            return "no samples";
        }
        Collections.sort(sorted);
        return String.format("n=%d p50=%.1f ms p90=%.1f ms p99=%.1f ms max=%.1f ms", sorted.size(),
                pct(sorted, 50), pct(sorted, 90), pct(sorted, 99), sorted.get(sorted.size() - 1) / 1000.0);
    }

    private static double pct(List<Long> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1)) / 1000.0;
    }
}
