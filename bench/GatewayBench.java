import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.testsupport.TopicTail;
import io.hearth.testsupport.bench.KeepAliveHttp;
import io.hearth.testsupport.bench.ProcessCpu;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The signal gateway driven by simulated agents over HTTP, against a running system started WITHOUT
 * the local compute driver ({@code HEARTH_LOCAL_COMPUTE=0 deploy/up}: this bench plays the agents).
 * <ol>
 * <li>Signals: A agents (default 1,000), each with its own deployment (created through the public
 * API, one server each) and its own keep-alive connection to the gateway, post Heat signal bodies to
 * their pre-signed URLs, S each; prints signals accepted per second (200 means Kafka acknowledged) and
 * p50/p99 latency. Repeats of a signal are what the gateway sees when agents retry; the deployment
 * service applies the first and records the rest.</li>
 * <li>Signal to dependent metadata: a stack of P pairs of servers, deployment B_i on server b_i taking
 * an output of deployment A_i on server a_i. The bench checks every server in through the gateway (as an
 * agent's first poll does), then for each pair in turn: long-polls b_i's metadata, signals A_i and
 * measures the time until b_i's long-poll answers with B_i in it (p50, p90, p99, max).</li>
 * </ol>
 * Usage: {@code bench/gateway [agents] [signals per agent] [pairs]}; every wait is bounded.
 */
public class GatewayBench {

    private static final String API = System.getenv().getOrDefault("HEARTH_API", "http://127.0.0.1:8004/v1/demo");
    private static final String TOKEN = System.getenv().getOrDefault("HEARTH_TOKEN", "hearth-dev-token");
    private static final String KAFKA = System.getenv().getOrDefault("HEARTH_KAFKA", "127.0.0.1:9092");
    private static final URI API_URI = URI.create(API);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ThreadLocal<KeepAliveHttp> API_HTTP =
            ThreadLocal.withInitial(() -> new KeepAliveHttp(API_URI.getHost(), API_URI.getPort(), 30_000));

    public static void main(String[] args) throws Exception {
        int agents = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int perAgent = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int pairs = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        signals(agents, perAgent);
        dependentLatency(pairs);
    }

    // ---------------------------------------------------------------------------------------------
    // 1. Signals per second at A concurrent agents
    // ---------------------------------------------------------------------------------------------

    private static void signals(int agents, int perAgent) throws Exception {
        String config = api("POST", "/software_configs", """
                {"name": "gateway-bench", "group": "script", "config": "#!/bin/sh\\necho ok",
                 "outputs": [{"name": "y"}]}""").at("/software_config/id").asText();
        String run = UUID.randomUUID().toString().substring(0, 8);
        List<URI> urls = new ArrayList<>();
        System.out.printf("creating %d deployments (one server each) through %s ...%n", agents, API);
        for (int i = 0; i < agents; i++) {
            String server = "gw-bench-" + run + "-" + i;
            api("POST", "/software_deployments", """
                    {"config_id": "%s", "server_id": "%s", "action": "CREATE", "status": "IN_PROGRESS"}"""
                    .formatted(config, server));
            JsonNode item = api("GET", "/software_deployments/metadata/" + server, null).at("/metadata/0");
            urls.add(URI.create(input(item, "deploy_signal_id")));
        }
        // Until the gateway's projection has every deployment, a signal is a 404: the first round waits.
        String body = "{\"deploy_stdout\": \"ok\", \"deploy_stderr\": \"\", \"deploy_status_code\": 0, \"y\": \"1\"}";
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        AtomicInteger failures = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(agents);
        CountDownLatch ready = new CountDownLatch(agents);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> workers = new ArrayList<>();
        for (URI url : urls) {
            workers.add(pool.submit(() -> {
                try (KeepAliveHttp http = new KeepAliveHttp(url.getHost(), url.getPort(), 60_000)) {
                    String target = url.getRawPath() + "?" + url.getRawQuery();
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                    while (http.exchange("POST", target, body, Map.of()).status() != 200) {
                        if (System.nanoTime() > deadline) {
                            throw new IllegalStateException("the gateway did not accept " + url.getPath() + " in 120 s");
                        }
                        Thread.sleep(200);
                    }
                    ready.countDown();
                    go.await();
                    for (int i = 0; i < perAgent; i++) {
                        long t0 = System.nanoTime();
                        int status = http.exchange("POST", target, body, Map.of()).status();
                        latencies.add(System.nanoTime() - t0);
                        if (status != 200) {
                            failures.incrementAndGet();
                        }
                    }
                }
                return null;
            }));
        }
        if (!ready.await(180, TimeUnit.SECONDS)) {
            throw new IllegalStateException("agents not ready in 180 s");
        }
        var cpuBefore = ProcessCpu.sample();
        long start = System.nanoTime();
        go.countDown();
        for (Future<?> worker : workers) {
            worker.get(10, TimeUnit.MINUTES);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        int count = agents * perAgent;
        long[] sorted = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf("signals: %d agents x %d = %d in %.1f s: %.0f accepted per second, %d not 200;"
                + " latency p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms%n", agents, perAgent, count, seconds,
                (count - failures.get()) / seconds, failures.get(), pct(sorted, 0.5), pct(sorted, 0.9),
                pct(sorted, 0.99), pct(sorted, 1.0));
        System.out.printf("CPU ms per signal: %s%n", ProcessCpu.perOperation(cpuBefore, ProcessCpu.sample(), count));
    }

    // ---------------------------------------------------------------------------------------------
    // 2. From a signal to the dependent deployment in its server's metadata
    // ---------------------------------------------------------------------------------------------

    private static void dependentLatency(int pairs) throws Exception {
        Map<String, ServerSpec> creates = new ConcurrentHashMap<>();
        Map<String, String> metadataUrls = new ConcurrentHashMap<>();
        String name = "gw-bench-" + UUID.randomUUID().toString().substring(0, 8);
        try (TopicTail states = TopicTail.start(KAFKA, Topics.COMPUTE_SERVERS, record -> {
            CloudEvent event = record.value() == null ? null : CloudEvent.parse(record.value());
            if (event != null && ServerDesired.TYPE.equals(event.type())) {
                ServerDesired desired = event.dataAs(ServerDesired.class);
                if (desired.desired() == ServerDesired.State.ACTIVE && desired.spec() != null) {
                    creates.put(desired.serverId(), desired.spec());
                }
            }
        }, error -> System.err.println("compute desired states: " + error))) {
            String id = api("POST", "/stacks", JSON.writeValueAsString(Map.of("stack_name", name,
                    "template", pairsTemplate(pairs)))).at("/stack/id").asText();
            String stack = "/stacks/" + name + "/" + id;
            System.out.printf("%nstack %s: %d pairs of servers; checking %d servers in ...%n", name, pairs, 2 * pairs);
            await(() -> {
                // other runs (bench/deployment-engine beside this one) create servers too: only this stack's count
                creates.values().stream().filter(c -> c.stackId().equals(id))
                        .forEach(c -> metadataUrls.put(c.serverId(), c.metadataUrl()));
                return metadataUrls.size() >= 2 * pairs;
            }, 120, "desired states ACTIVE of " + 2 * pairs + " servers");
            Map<String, URI> servers = new ConcurrentHashMap<>();
            metadataUrls.forEach((server, url) -> servers.put(server, URI.create(url)));
            KeepAliveHttp http = new KeepAliveHttp(API_URI.getHost(), 8006, 90_000);
            for (URI url : servers.values()) {
                poll(http, url, null, 0); // the first poll checks the server in
            }
            // Each a_i now holds A_i: its metadata item, by resource name, carries its signal URL.
            Map<String, JsonNode> items = new ConcurrentHashMap<>();
            await(() -> {
                for (URI url : servers.values()) {
                    for (JsonNode item : poll(http, url, null, 0).path("deployments")) {
                        items.put(input(item, "deploy_resource_name"), item);
                    }
                }
                return items.keySet().stream().filter(r -> r.startsWith("a_")).count() >= pairs;
            }, 120, "the first deployments of " + pairs + " pairs in their servers' metadata");
            Map<Integer, URI> dependentServer = dependentServers(stack, pairs, metadataUrls);

            long[] latencies = new long[pairs];
            ExecutorService poller = Executors.newSingleThreadExecutor();
            KeepAliveHttp signaller = new KeepAliveHttp(API_URI.getHost(), 8006, 30_000);
            for (int i = 0; i < pairs; i++) {
                URI b = dependentServer.get(i);
                long generation = poll(http, b, null, 0).path("generation").asLong();
                String dependent = "b_" + i;
                Future<Long> seen = poller.submit(() -> {
                    long g = generation;
                    while (true) {
                        JsonNode document = poll(http, b, g, 30);
                        for (JsonNode item : document.path("deployments")) {
                            if (dependent.equals(input(item, "deploy_resource_name"))) {
                                return System.nanoTime();
                            }
                        }
                        g = document.path("generation").asLong();
                    }
                });
                Thread.sleep(5); // the long-poll is held by the gateway before the signal goes
                URI signal = URI.create(input(items.get("a_" + i), "deploy_signal_id"));
                long t0 = System.nanoTime();
                int status = signaller.exchange("POST", signal.getRawPath() + "?" + signal.getRawQuery(),
                        "{\"deploy_status_code\": 0, \"y\": \"value " + i + "\"}", Map.of()).status();
                if (status != 200) {
                    throw new IllegalStateException("signal of a_" + i + " answered " + status);
                }
                latencies[i] = seen.get(60, TimeUnit.SECONDS) - t0;
            }
            poller.shutdown();
            Arrays.sort(latencies);
            System.out.printf("signal -> dependent deployment in its server's metadata (long-poll answered), %d pairs:"
                    + " p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms%n", pairs, pct(latencies, 0.5),
                    pct(latencies, 0.9), pct(latencies, 0.99), pct(latencies, 1.0));
            api("DELETE", stack, null);
        }
    }

    /** Server of each pair's dependent deployment: the physical id of resource {@code b_server_i}. */
    private static Map<Integer, URI> dependentServers(String stack, int pairs, Map<String, String> metadataUrls)
            throws Exception {
        Map<Integer, URI> out = new ConcurrentHashMap<>();
        for (int i = 0; i < pairs; i++) {
            String resource = stack + "/resources/b_server_" + i;
            int pair = i;
            // template-service's read model may not have the server's physical id yet when the engine is busy
            await(() -> {
                String server = api("GET", resource, null).at("/resource/physical_resource_id").asText();
                String url = metadataUrls.get(server);
                if (url != null) {
                    out.put(pair, URI.create(url));
                }
                return url != null;
            }, 120, "the physical id of b_server_" + i + " in the resources API");
        }
        return out;
    }

    private static String pairsTemplate(int pairs) {
        StringBuilder t = new StringBuilder("""
                heat_template_version: 2018-08-31
                resources:
                  config:
                    type: OS::Heat::SoftwareConfig
                    properties:
                      group: script
                      inputs: [{name: x}]
                      outputs: [{name: y}]
                      config: "#!/bin/sh\\necho $x > $heat_outputs_path.y"
                """);
        String server = ": {type: OS::Nova::Server, properties: {image: bench, flavor: bench,"
                + " user_data_format: SOFTWARE_CONFIG}}\n";
        for (int i = 0; i < pairs; i++) {
            t.append("  a_server_").append(i).append(server).append("  b_server_").append(i).append(server)
                    .append("  a_").append(i).append(": {type: OS::Heat::SoftwareDeployment, properties: {config:")
                    .append(" {get_resource: config}, server: {get_resource: a_server_").append(i)
                    .append("}, input_values: {x: a}}}\n")
                    .append("  b_").append(i).append(": {type: OS::Heat::SoftwareDeployment, properties: {config:")
                    .append(" {get_resource: config}, server: {get_resource: b_server_").append(i)
                    .append("}, input_values: {x: {get_attr: [a_").append(i).append(", y]}}}}\n");
        }
        return t.toString();
    }

    /** One metadata poll through the gateway: at once without a generation, else a long-poll of up to {@code wait} s. */
    private static JsonNode poll(KeepAliveHttp http, URI url, Long generation, int wait) throws Exception {
        String target = url.getRawPath() + "?" + url.getRawQuery() + "&boot_id=gateway-bench&address=127.0.0.1"
                + "&agent_version=bench" + (generation == null ? "" : "&generation=" + generation + "&wait=" + wait);
        KeepAliveHttp.Answer answer = http.exchange("GET", target, null, Map.of());
        if (answer.status() != 200) {
            throw new IllegalStateException("metadata poll answered " + answer.status() + ": " + answer.body());
        }
        return JSON.readTree(answer.body());
    }

    private static JsonNode api(String method, String path, String body) throws Exception {
        KeepAliveHttp.Answer answer = API_HTTP.get().exchange(method, API_URI.getRawPath() + path, body,
                Map.of("X-Auth-Token", TOKEN));
        if (answer.status() >= 300) {
            throw new IllegalStateException(method + " " + path + " answered " + answer.status() + ": " + answer.body());
        }
        return answer.body().isEmpty() ? JSON.nullNode() : JSON.readTree(answer.body());
    }

    private static String input(JsonNode item, String name) {
        for (JsonNode input : item.path("inputs")) {
            if (name.equals(input.path("name").asText())) {
                return input.path("value").asText();
            }
        }
        throw new IllegalStateException("no input " + name + " in " + item);
    }

    interface Check {
        boolean done() throws Exception;
    }

    private static void await(Check check, int seconds, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!check.done()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out after " + seconds + " s waiting for " + what);
            }
            Thread.sleep(200);
        }
    }

    private static double pct(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) (sorted.length * p))] / 1e6;
    }
}
