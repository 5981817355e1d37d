import io.hearth.testsupport.bench.KeepAliveHttp;
import io.hearth.testsupport.bench.ProcessCpu;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The software deployments API through the public endpoint (template-service on 8004, which
 * forwards to deployment-service), with keep-alive HTTP/1.1 and N client threads:
 * deployments created per second, metadata polls per second for one server holding 20
 * deployments, and signals (PUT of output_values with status COMPLETE) per second. Heat's own
 * figures on this kind of machine are 63-103, 38-67 and 61-103 per second.
 *
 * <p>Run against a running system ({@code deploy/up}):
 * {@code bench/deployment-api [deployments] [threads] [polls]}.
 */
public class DeploymentApiBench {

    private static final String API = System.getenv().getOrDefault("HEARTH_API", "http://127.0.0.1:8004/v1/demo");
    private static final String TOKEN = System.getenv().getOrDefault("HEARTH_TOKEN", "hearth-dev-token");
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-f-]{36})\"");

    private static final URI API_URI = URI.create(API);
    private static final String API_PATH = API_URI.getRawPath();

    public static void main(String[] args) throws Exception {
        int deployments = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        int polls = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
        String config = id(send("POST", "/software_configs", """
                {"name": "bench", "group": "script", "config": "#!/bin/sh\\necho $x > $heat_outputs_path.y",
                 "inputs": [{"name": "x", "type": "String", "default": "1"}], "outputs": [{"name": "y"}]}""", 200));
        // Warm-up: both JVMs' paths through the API, with the measured threads, until the JIT has compiled
        // them (BENCH_WARMUP create+signal pairs, default 3000; figures from colder JVMs vary by half).
        int warmups = Integer.parseInt(System.getenv().getOrDefault("BENCH_WARMUP", "3000"));
        AtomicInteger warmed = new AtomicInteger();
        String warmServers = "warm-" + UUID.randomUUID() + "-";
        run("warm-up (create + signal)", warmups, threads, () -> {
            String d = id(send("POST", "/software_deployments", deployment(config, warmServers + warmed.getAndIncrement() / 2), 200));
            send("PUT", "/software_deployments/" + d, signal(), 200);
        });

        List<String> created = Collections.synchronizedList(new ArrayList<>());
        String[] servers = new String[Math.max(1, deployments / 2)];
        for (int i = 0; i < servers.length; i++) {
            servers[i] = UUID.randomUUID().toString();
        }
        AtomicInteger next = new AtomicInteger();
        Result create = run("deployments created", deployments, threads, () -> {
            int i = next.getAndIncrement();
            created.add(id(send("POST", "/software_deployments", deployment(config, servers[i % servers.length]), 200)));
        });

        String busy = UUID.randomUUID().toString();
        for (int i = 0; i < 20; i++) {
            send("POST", "/software_deployments", deployment(config, busy), 200);
        }
        Result poll = run("metadata polls (20 items)", polls, threads,
                () -> send("GET", "/software_deployments/metadata/" + busy, null, 200));

        AtomicInteger signalled = new AtomicInteger();
        Result signal = run("signals (PUT COMPLETE)", created.size(), threads,
                () -> send("PUT", "/software_deployments/" + created.get(signalled.getAndIncrement()), signal(), 200));

        System.out.printf("%nthreads %d, keep-alive HTTP/1.1 to %s%n", threads, API);
        System.out.printf("%-28s %8s %10s %9s %9s %9s%n", "operation", "count", "per second", "p50 ms", "p90 ms",
                "p99 ms");
        for (Result r : List.of(create, poll, signal)) {
            System.out.printf("%-28s %8d %10.0f %9.1f %9.1f %9.1f%n", r.name, r.count, r.perSecond, r.p50, r.p90, r.p99);
        }
    }

    private static String deployment(String config, String server) {
        return """
                {"config_id": "%s", "server_id": "%s", "input_values": {"x": "hello"}, "action": "CREATE",
                 "status": "IN_PROGRESS", "status_reason": "Deploy data available"}""".formatted(config, server);
    }

    private static String signal() {
        return """
                {"status": "COMPLETE", "status_reason": "Outputs received",
                 "output_values": {"y": "hello", "deploy_stdout": "", "deploy_stderr": "", "deploy_status_code": 0}}""";
    }

    interface Call {
        void run() throws Exception;
    }

    record Result(String name, int count, double perSecond, double p50, double p90, double p99) {
    }

    private static Result run(String name, int count, int threads, Call call) throws Exception {
        Map<String, Long> cpuBefore = ProcessCpu.sample();
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        AtomicInteger left = new AtomicInteger(count);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long start = System.nanoTime();
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            workers.add(pool.submit(() -> {
                while (left.getAndDecrement() > 0) {
                    long t0 = System.nanoTime();
                    call.run();
                    latencies.add(System.nanoTime() - t0);
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        long[] sorted = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf("%s: %d in %.1f s; CPU ms per operation: %s%n", name, count, seconds,
                ProcessCpu.perOperation(cpuBefore, ProcessCpu.sample(), count));
        return new Result(name, count, count / seconds, pct(sorted, 0.5), pct(sorted, 0.9), pct(sorted, 0.99));
    }

    private static double pct(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) (sorted.length * p))] / 1e6;
    }

    private static String send(String method, String path, String body, int expected) throws Exception {
        KeepAliveHttp.Answer answer = CONNECTION.get().exchange(method, API_PATH + path, body,
                Map.of("X-Auth-Token", TOKEN));
        if (answer.status() != expected) {
            throw new IllegalStateException(method + " " + path + " answered " + answer.status() + ": " + answer.body());
        }
        return answer.body();
    }

    /** One keep-alive connection per client thread. */
    private static final ThreadLocal<KeepAliveHttp> CONNECTION =
            ThreadLocal.withInitial(() -> new KeepAliveHttp(API_URI.getHost(), API_URI.getPort(), 30_000));

    private static String id(String body) {
        Matcher m = ID.matcher(body);
        if (!m.find()) {
            throw new IllegalStateException("no id in " + body);
        }
        return m.group(1);
    }
}
