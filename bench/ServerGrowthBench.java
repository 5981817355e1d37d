import io.hearth.testsupport.bench.KeepAliveHttp;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a deployment's create and signal cost grows with its server's other deployments (issue 35, "a server's
 * metadata is incremental"): for each size N, a server gets N deployments first; then, one client, {@code rounds}
 * times: a deployment is created on it (POST), signalled (PUT of its outputs with COMPLETE) and deleted again, so
 * the server keeps N. Prints the create and signal latencies per N.
 *
 * <p>Run against a running system ({@code deploy/up}): {@code bench/server-growth [rounds] [sizes...]}, default
 * {@code 200 2 50 200}.
 */
public class ServerGrowthBench {

    private static final String API = System.getenv().getOrDefault("HEARTH_API", "http://127.0.0.1:8004/v1/demo");
    private static final String TOKEN = System.getenv().getOrDefault("HEARTH_TOKEN", "hearth-dev-token");
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-f-]{36})\"");
    private static final URI API_URI = URI.create(API);
    private static final KeepAliveHttp HTTP = new KeepAliveHttp(API_URI.getHost(), API_URI.getPort(), 30_000);

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        List<Integer> sizes = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            sizes.add(Integer.parseInt(args[i]));
        }
        if (sizes.isEmpty()) {
            sizes = List.of(2, 50, 200);
        }
        String config = id(send("POST", "/software_configs", """
                {"name": "bench", "group": "script", "config": "#!/bin/sh\\necho $x > $heat_outputs_path.y",
                 "inputs": [{"name": "x", "type": "String", "default": "1"}], "outputs": [{"name": "y"}]}""", 200));
        // Warm-up: the same calls on a server of its own, so the JIT has compiled the path before the first size.
        measure(config, UUID.randomUUID().toString(), Math.max(rounds, 300));
        System.out.printf("%n%-22s %8s %10s %10s %10s %10s%n", "deployments on server", "rounds", "create p50",
                "create p90", "signal p50", "signal p90");
        for (int size : sizes) {
            String server = UUID.randomUUID().toString();
            for (int i = 0; i < size; i++) {
                send("POST", "/software_deployments", deployment(config, server), 200);
            }
            long[][] times = measure(config, server, rounds);
            System.out.printf("%-22d %8d %10.2f %10.2f %10.2f %10.2f%n", size, rounds, pct(times[0], 0.5),
                    pct(times[0], 0.9), pct(times[1], 0.5), pct(times[1], 0.9));
        }
        System.out.println("(milliseconds; one client, keep-alive HTTP/1.1 to " + API + ")");
    }

    /** {@code rounds} create + signal + delete on the server: the create and signal times, sorted. */
    private static long[][] measure(String config, String server, int rounds) throws Exception {
        long[] creates = new long[rounds];
        long[] signals = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            String d = id(send("POST", "/software_deployments", deployment(config, server), 200));
            long t1 = System.nanoTime();
            send("PUT", "/software_deployments/" + d, """
                    {"status": "COMPLETE", "status_reason": "Outputs received",
                     "output_values": {"y": "hello", "deploy_stdout": "", "deploy_stderr": "", "deploy_status_code": 0}}""",
                    200);
            long t2 = System.nanoTime();
            send("DELETE", "/software_deployments/" + d, null, 204);
            creates[i] = t1 - t0;
            signals[i] = t2 - t1;
        }
        java.util.Arrays.sort(creates);
        java.util.Arrays.sort(signals);
        return new long[][] {creates, signals};
    }

    private static String deployment(String config, String server) {
        return """
                {"config_id": "%s", "server_id": "%s", "input_values": {"x": "hello"}, "action": "CREATE",
                 "status": "IN_PROGRESS", "status_reason": "Deploy data available"}""".formatted(config, server);
    }

    private static double pct(long[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) (sorted.length * p))] / 1e6;
    }

    private static String send(String method, String path, String body, int expected) throws Exception {
        KeepAliveHttp.Answer answer = HTTP.exchange(method, API_URI.getRawPath() + path, body,
                Map.of("X-Auth-Token", TOKEN));
        if (answer.status() != expected) {
            throw new IllegalStateException(method + " " + path + " answered " + answer.status() + ": " + answer.body());
        }
        return answer.body();
    }

    private static String id(String body) {
        Matcher m = ID.matcher(body);
        if (!m.find()) {
            throw new IllegalStateException("no id in " + body);
        }
        return m.group(1);
    }
}
