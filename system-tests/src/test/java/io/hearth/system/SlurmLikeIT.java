package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * {@code deploy/examples/slurm-like.yaml} on the whole system: a head node and compute nodes that need each other
 * converge, and after each scaling step (2 → 5 → 3 through alarm URLs, then +1 by a queue length pushed to the
 * metric URL) every remaining node's hook ran exactly once for the step's membership generation, with that
 * generation's node list and the head's key; departing nodes ran DELETE before their servers went; and a client
 * on the stack's SSE stream and a webhook receiver (down for a minute during the last step) both saw every
 * generation, in order, with valid signatures, though the notifier was killed with SIGKILL between two steps.
 */
@Order(2) // needs the local compute driver, which later classes stop (LocalSystem.withoutLocalCompute)
class SlurmLikeIT {

    private static final Duration WAIT = Duration.ofMinutes(4);
    private static final Path EXAMPLES = LocalSystem.ROOT.resolve("deploy/examples");
    /** Every hook of the example writes one line here (beside the servers' folders, so it outlives them). */
    private static final Path HOOK_LOG = LocalSystem.HOME.resolve("compute/cluster-hooks.log");
    private static final String MEMBERSHIP = "io.hearth.membership.changed.v1";
    private static final String RESOURCE = "io.hearth.stack.resource-status-changed.v1";

    private static String url;
    private static SseRecorder stream;
    private static WebhookReceiver receiver;
    private static String subscription;
    private long earlierLines;

    @BeforeAll
    static void system() {
        LocalSystem.up();
    }

    @AfterAll
    static void delete() {
        if (stream != null) {
            stream.close();
        }
        if (subscription != null) {
            LocalSystem.api().delete("/v1/demo/subscriptions/" + subscription);
        }
        if (receiver != null) {
            receiver.close();
        }
        if (url != null) {
            LocalSystem.api().delete(url);
            await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofSeconds(1))
                    .until(() -> LocalSystem.api().get(url).statusCode() == 404 || stackStatus().startsWith("DELETE_COMPLETE"));
        }
    }

    @Test
    void theClusterConvergesAndEveryScalingStepRecontextualizesEachNodeOnce() throws IOException {
        String name = "slurm-" + UUID.randomUUID().toString().substring(0, 8);
        earlierLines = Files.exists(HOOK_LOG) ? Files.readAllLines(HOOK_LOG).size() : 0;
        Map<String, String> files = Map.of(
                "slurm-like-compute.yaml", Files.readString(EXAMPLES.resolve("slurm-like-compute.yaml")),
                "slurm-like-controller.py", Files.readString(EXAMPLES.resolve("slurm-like-controller.py")),
                "slurm-like-node.py", Files.readString(EXAMPLES.resolve("slurm-like-node.py")));
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template",
                Files.readString(EXAMPLES.resolve("slurm-like.yaml")), "files", files, "parameters", Map.of("size", 2)))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        url = "/v1/demo/stacks/" + name + "/" + id;
        stream = SseRecorder.open(LocalSystem.publicApi() + url + "/stream?last_event_id=0", "hearth-dev-token");
        receiver = new WebhookReceiver();
        // a stack is known to the notifier once its first event is journaled: until then a subscription is 404
        Map<String, Object> wanted = Map.of("url", receiver.url(), "event_types", List.of(MEMBERSHIP),
                "stack_ids", List.of(id));
        io.restassured.response.Response[] made = new io.restassured.response.Response[1];
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() ->
                (made[0] = LocalSystem.api().body(wanted).post("/v1/demo/subscriptions")).statusCode() != 404);
        JsonPath created = made[0].then().statusCode(201).extract().jsonPath();
        subscription = created.getString("subscription.id");
        receiver.secret(created.getString("subscription.secret"));

        await().atMost(WAIT).pollInterval(Duration.ofSeconds(1)).until(() -> !stackStatus().startsWith("CREATE_IN"));
        assertThat(stackStatus()).isEqualTo("CREATE_COMPLETE");
        List<String> two = converged(2);

        post(output("scale_to_five_url"), "");
        List<String> five = converged(5);
        assertThat(five).containsAll(two);

        // The notifier dies (SIGKILL) between two steps: what it owed is published when it is back, and the
        // stream's client, reconnecting with Last-Event-ID, misses nothing.
        LocalSystem.kill("notifier");
        post(output("scale_to_three_url"), "");
        List<String> three = converged(3);
        List<String> departed = five.stream().filter(a -> !three.contains(a)).toList();
        assertThat(departed).hasSize(2);
        for (String address : departed) {
            assertThat(nodeLines(address).stream().filter(l -> l.action.equals("DELETE")).count())
                    .as("%s ran DELETE once", address).isEqualTo(1);
        }
        assertDeleteRanBeforeServersWent();

        // The webhook receiver is down for a minute while the KPI scales the cluster out: it gets everything after.
        receiver.down(true);
        post(output("metric_url"), "[{\"name\": \"queue_length\", \"value\": 50}]");
        List<String> four = converged(4);
        assertThat(four).containsAll(three);
        await().pollDelay(Duration.ofSeconds(60)).atMost(Duration.ofSeconds(61)).until(() -> true);
        receiver.down(false);
        long last = latestMembership().path("generation").asLong();
        await().atMost(Duration.ofMinutes(8)).pollInterval(Duration.ofSeconds(1)).until(() -> receiver
                .events(MEMBERSHIP).stream().anyMatch(e -> e.path("data").path("generation").asLong() == last));
        assertThat(receiver.badSignatures()).as("every delivery's signature verifies").isEmpty();
        List<Long> delivered = receiver.events(MEMBERSHIP).stream().map(e -> e.path("data").path("generation")
                .asLong()).distinct().toList();
        assertThat(delivered.get(0)).as("the webhook saw the first step's generation").isLessThanOrEqualTo(
                stream.events(MEMBERSHIP).stream().filter(e -> e.path("data").path("members").size() == 2)
                        .map(e -> e.path("data").path("generation").asLong()).reduce((a, b) -> b).orElseThrow());
        assertThat(delivered).as("the webhook saw the stream's generations, in order").isEqualTo(stream
                .events(MEMBERSHIP).stream().map(e -> e.path("data").path("generation").asLong())
                .filter(g -> g >= delivered.get(0)).toList());

        List<Long> generations = stream.events(MEMBERSHIP).stream().map(e -> e.path("data").path("generation")
                .asLong()).toList();
        assertThat(generations).as("every generation on the stream, in order").isNotEmpty();
        assertThat(stream.ids()).as("no event twice after reconnecting").doesNotHaveDuplicates();
        for (int i = 1; i < generations.size(); i++) {
            assertThat(generations.get(i)).isEqualTo(generations.get(i - 1) + 1);
        }
    }

    /**
     * Waits until the latest membership generation on the stream has {@code size} members and every one of them ran
     * its hook for it, then checks each ran it exactly once, with that generation's node list and the head's key.
     *
     * @return the members' addresses, sorted
     */
    private List<String> converged(int size) {
        await().atMost(WAIT).pollInterval(Duration.ofSeconds(1)).until(() -> {
            JsonNode latest = latestMembership();
            if (latest == null || latest.path("members").size() != size) {
                return false;
            }
            long generation = latest.path("generation").asLong();
            return addresses(latest).stream().allMatch(a -> nodeLines(a).stream()
                    .anyMatch(l -> l.generation == generation && l.keyKnown));
        });
        JsonNode latest = latestMembership();
        long generation = latest.path("generation").asLong();
        List<String> addresses = addresses(latest);
        String nodes = String.join(",", addresses);
        // each member is a slurm-like-compute.yaml stack, listed with its outputs
        latest.path("members").forEach(m -> assertThat(m.path("outputs").path("address").asText())
                .as("member %s's address output", m.path("serverId").asText()).isEqualTo(m.path("address").asText()));
        // what the hooks ran for this generation is final: nothing more may come for it
        await().pollDelay(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(4)).until(() -> true);
        for (String address : addresses) {
            List<HookLine> runs = nodeLines(address).stream().filter(l -> l.generation == generation).toList();
            assertThat(runs).as("node %s ran once for generation %d", address, generation).hasSize(1);
            assertThat(runs.get(0).nodes).as("node %s's node list", address).isEqualTo(nodes);
            assertThat(runs.get(0).keyKnown).isTrue();
        }
        assertThat(hookLines().stream().filter(l -> l.role.equals("head") && l.generation == generation).toList())
                .as("the head ran once for generation %d", generation).hasSize(1)
                .allMatch(l -> l.nodes.equals(nodes));
        return addresses;
    }

    /** For each member stack whose server was deleted, its node deployment's DELETE completed before. */
    private void assertDeleteRanBeforeServersWent() {
        List<JsonNode> events = stream.events(RESOURCE);
        List<String> memberStacks = events.stream().map(e -> e.path("data"))
                .filter(d -> d.path("resourceName").asText().equals("server")
                        && d.path("action").asText().equals("DELETE"))
                .map(d -> d.path("stackId").asText()).distinct().toList();
        assertThat(memberStacks).hasSize(2);
        for (String member : memberStacks) {
            List<String> order = events.stream().map(e -> e.path("data"))
                    .filter(d -> d.path("stackId").asText().equals(member) && d.path("action").asText().equals("DELETE"))
                    .map(d -> d.path("resourceName").asText() + " " + d.path("status").asText()).toList();
            assertThat(order.indexOf("node COMPLETE")).as("stack %s: %s", member, order).isNotNegative()
                    .isLessThan(order.indexOf("server IN_PROGRESS"));
        }
    }

    private JsonNode latestMembership() {
        List<JsonNode> all = stream.events(MEMBERSHIP);
        return all.isEmpty() ? null : all.get(all.size() - 1).path("data");
    }

    private static List<String> addresses(JsonNode membership) {
        List<String> addresses = new ArrayList<>();
        membership.path("members").forEach(m -> addresses.add(m.path("address").asText()));
        return addresses.stream().sorted().toList();
    }

    private List<HookLine> nodeLines(String address) {
        return hookLines().stream().filter(l -> l.role.equals("node") && l.address.equals(address)).toList();
    }

    /** The hook log's lines of this test's servers (other stacks write there too). */
    /** The hooks' lines of this run: the log is the compute driver's and keeps earlier runs' (addresses are reused). */
    private List<HookLine> hookLines() {
        try {
            if (!Files.exists(HOOK_LOG)) {
                return List.of();
            }
            return Files.readAllLines(HOOK_LOG).stream().skip(earlierLines).map(HookLine::parse)
                    .filter(l -> l != null).toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code HH:MM:SS head|node ADDRESS ACTION gen=G nodes=a,b[ key=yes|no]}. */
    private record HookLine(String role, String address, String action, long generation, String nodes,
            boolean keyKnown) {
        static HookLine parse(String line) {
            String[] f = line.split(" ");
            if (f.length < 6 || !(f[1].equals("head") || f[1].equals("node")) || !f[4].startsWith("gen=")) {
                return null;
            }
            Map<String, String> kv = java.util.Arrays.stream(f).skip(4).filter(s -> s.contains("="))
                    .collect(Collectors.toMap(s -> s.substring(0, s.indexOf('=')), s -> s.substring(s.indexOf('=') + 1),
                            (a, b) -> b));
            return new HookLine(f[1], f[2], f[3], Long.parseLong(kv.get("gen")), kv.getOrDefault("nodes", ""),
                    "yes".equals(kv.get("key")) || f[1].equals("head"));
        }
    }

    private static String stackStatus() {
        return LocalSystem.api().get(url).then().extract().jsonPath().getString("stack.stack_status");
    }

    private String output(String key) {
        JsonPath stack = LocalSystem.api().get(url).then().statusCode(200).extract().jsonPath();
        return stack.getString("stack.outputs.find { it.output_key == '" + key + "' }.output_value");
    }

    /** POSTs to a pre-signed URL (no token), as an alarm or an application on a node would. */
    private static void post(String presigned, String body) {
        io.restassured.RestAssured.given().contentType("application/json").body(body).post(presigned).then()
                .statusCode(org.hamcrest.Matchers.lessThan(300));
    }

    static JsonNode json(String text) {
        return HearthJson.readTree(text);
    }
}
