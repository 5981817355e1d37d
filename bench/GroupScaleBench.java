import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A ResourceGroup of {@code OS::Heat::None} through the public API: created with N members (default 1,000),
 * updated to G (1,500), then to S (500); prints each step's wall time from the request to the stack's
 * CREATE_COMPLETE / UPDATE_COMPLETE (read by polling the stack), then deletes the stack. Every wait is bounded.
 *
 * <p>Run against a running system ({@code deploy/up}) with {@code bench/resource-group [N] [G] [S]}.
 */
public class GroupScaleBench {

    private static final String API = System.getenv().getOrDefault("HEARTH_API", "http://127.0.0.1:8004/v1/demo");
    private static final String TOKEN = System.getenv().getOrDefault("HEARTH_TOKEN", "hearth-dev-token");
    private static final Duration TIMEOUT = Duration.ofMinutes(
            Long.parseLong(System.getenv().getOrDefault("BENCH_TIMEOUT_MINUTES", "20")));
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-f-]{36})\"");
    private static final Pattern STATUS = Pattern.compile("\"stack_status\"\\s*:\\s*\"([A-Z_]+)\"");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final String TEMPLATE = "heat_template_version: 2021-04-16\\n"
            + "parameters:\\n  count: {type: number}\\n"
            + "resources:\\n  group:\\n    type: OS::Heat::ResourceGroup\\n"
            + "    properties:\\n      count: {get_param: count}\\n      resource_def: {type: OS::Heat::None}\\n";

    public static void main(String[] args) throws Exception {
        int created = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int grown = args.length > 1 ? Integer.parseInt(args[1]) : 1500;
        int shrunk = args.length > 2 ? Integer.parseInt(args[2]) : 500;
        String name = "bench-group-" + System.currentTimeMillis();
        Instant start = Instant.now();
        String answer = send("POST", API + "/stacks", "{\"stack_name\": \"" + name + "\", \"template\": \"" + TEMPLATE
                + "\", \"parameters\": {\"count\": " + created + "}}", 201);
        Matcher id = ID.matcher(answer);
        if (!id.find()) {
            throw new IllegalStateException("no stack id in " + answer);
        }
        String stack = API + "/stacks/" + name + "/" + id.group(1);
        report("create " + created, start, await(stack, "CREATE_COMPLETE"));
        for (int count : new int[] {grown, shrunk}) {
            Instant step = Instant.now();
            send("PUT", stack, "{\"template\": \"" + TEMPLATE + "\", \"parameters\": {\"count\": " + count + "}}", 202);
            report("update to " + count, step, await(stack, "UPDATE_COMPLETE"));
        }
        send("DELETE", stack, null, 204);
        Instant deleting = Instant.now();
        report("delete", deleting, await(stack, "DELETE_COMPLETE"));
    }

    private static void report(String step, Instant from, Instant to) {
        System.out.printf("%-16s %8.1f s%n", step, Duration.between(from, to).toMillis() / 1000.0);
    }

    /** Polls the stack until it reaches {@code wanted}; fails on a FAILED status or after the timeout. */
    private static Instant await(String stack, String wanted) throws Exception {
        Instant deadline = Instant.now().plus(TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            HttpResponse<String> response = HTTP.send(request("GET", stack, null), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 404 && wanted.equals("DELETE_COMPLETE")) {
                return Instant.now();
            }
            Matcher status = STATUS.matcher(response.body());
            if (status.find()) {
                if (status.group(1).equals(wanted)) {
                    return Instant.now();
                }
                if (status.group(1).endsWith("FAILED")) {
                    throw new IllegalStateException("stack is " + status.group(1) + ": " + response.body());
                }
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("stack did not reach " + wanted + " within " + TIMEOUT);
    }

    private static String send(String method, String url, String body, int expected) throws Exception {
        HttpResponse<String> response = HTTP.send(request(method, url, body), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expected) {
            throw new IllegalStateException(method + " " + url + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return response.body();
    }

    private static HttpRequest request(String method, String url, String body) {
        return HttpRequest.newBuilder(URI.create(url)).header("X-Auth-Token", TOKEN)
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body)).build();
    }
}
