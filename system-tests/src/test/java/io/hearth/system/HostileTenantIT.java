package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a hostile tenant tried in round 2 of issue 32 (F3, F4, F5 and the minor points), against the running system:
 * the subscription quota and its paginated list; proxied replay streams that end upstream when their clients go;
 * an absurd metric value refused while the alarm it was aimed at still evaluates; Heat's error body on a refused
 * stream; a data-bag number beyond a double refused. Every test ends with the system still serving its stack.
 */
class HostileTenantIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String TOKEN = "hearth-dev-token";
    private static final String ALARM_STATE = "io.hearth.metric.alarm-state-changed.v1";

    @BeforeAll
    static void system() {
        LocalSystem.up();
    }

    @Test
    void aTenantsSubscriptionsAreCappedAndListedInPages() {
        int quota = 100;
        int before = listAll().size();
        assertThat(before).as("subscriptions left by other tests").isLessThan(quota);
        List<String> made = new ArrayList<>();
        try {
            // Subscriptions that match no event, to an allowed internal receiver: nothing is ever delivered.
            Map<String, Object> body = Map.of("url", "http://" + LocalSystem.RECEIVERS + ":9/none",
                    "event_types", List.of("io.hearth.nothing.*"));
            for (int i = before; i < quota; i++) {
                made.add(LocalSystem.api().body(body).post("/v1/demo/subscriptions").then().statusCode(201).extract()
                        .path("subscription.id"));
            }
            JsonPath refused = LocalSystem.api().body(body).post("/v1/demo/subscriptions").then().statusCode(400)
                    .extract().jsonPath();
            assertThat(refused.getString("error.type")).isEqualTo("RequestLimitExceeded");
            assertThat(refused.getString("error.message")).contains("maximum subscriptions per tenant, 100");

            List<String> paged = listAll();
            assertThat(paged).hasSize(quota).doesNotHaveDuplicates().containsAll(made);
        } finally {
            made.forEach(id -> LocalSystem.api().delete("/v1/demo/subscriptions/" + id).then().statusCode(204));
        }
        assertThat(listAll()).hasSize(before);
        aStackStillCompletes();
    }

    @Test
    void aProxiedReplayEndsUpstreamWhenItsClientGoes() throws Exception {
        aStackStillCompletes(); // the journal holds something to replay
        int api = LocalSystem.port(8004);
        int notifier = LocalSystem.port(8007);
        int baseline = connectionsTo(notifier);
        List<Socket> clients = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Socket socket = new Socket("127.0.0.1", api);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /v1/demo/stream HTTP/1.1\r\nHost: 127.0.0.1:" + api + "\r\nX-Auth-Token: " + TOKEN
                    + "\r\nAccept: text/event-stream\r\nLast-Event-ID: 0\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] head = new byte[64];
            int n = in.read(head);
            assertThat(new String(head, 0, Math.max(n, 0), StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 200");
            clients.add(socket); // and never read again: a slow reader
        }
        // Each stream holds a connection of its own to the notifier (an idle pooled one, or a new one).
        await().atMost(Duration.ofSeconds(15)).until(() -> connectionsTo(notifier) >= Math.max(10, baseline));
        int during = connectionsTo(notifier);
        for (Socket socket : clients) {
            socket.close();
        }
        // Each proxied stream ends upstream once its client is gone: template-service drops its connection to the
        // notifier, and the notifier stops replaying into it.
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> connectionsTo(notifier) <= during - 10);
        LocalSystem.api().get("/v1/demo/subscriptions").then().statusCode(200);
        aStackStillCompletes();
    }

    @Test
    void anAbsurdMetricIsRefusedAndTheAlarmStillEvaluates() throws Exception {
        String name = "hostile-alarm-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", """
                heat_template_version: 2018-08-31
                resources:
                  queue:
                    type: OS::Hearth::MetricAlarm
                    properties: {meter_name: m, statistic: max, period: 2, threshold: 10, comparison_operator: gt}
                outputs:
                  metric_url: {value: {get_attr: [queue, metric_url]}}
                """)).post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        awaitComplete(name, id);
        String metricUrl = LocalSystem.api().get("/v1/demo/stacks/" + name + "/" + id + "/outputs/metric_url").then()
                .statusCode(200).extract().path("output.output_value");

        try (SseRecorder stream = SseRecorder.open(LocalSystem.publicApi() + "/v1/demo/stacks/" + name + "/" + id
                + "/stream?last_event_id=0", TOKEN)) {
            JsonPath refused = RestAssured.given().contentType("application/json")
                    .body("[{\"name\": \"m\", \"value\": 1e200}, {\"name\": \"m\", \"value\": 1}]").post(metricUrl)
                    .then().statusCode(400).extract().jsonPath();
            assertThat(refused.getString("error.type")).isEqualTo("InvalidMetric");
            assertThat(refused.getString("error.message")).contains("sample 0").contains("1e15");

            RestAssured.given().contentType("application/json").body("[{\"name\": \"m\", \"value\": 50}]")
                    .post(metricUrl).then().statusCode(200);
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
                    .until(() -> stream.events(ALARM_STATE).stream()
                            .anyMatch(e -> "alarm".equals(e.path("data").path("state").asText())));
        }
        LocalSystem.api().delete("/v1/demo/stacks/" + name + "/" + id).then().statusCode(204);
    }

    @Test
    void aRefusedStreamOn8004CarriesHeatsErrorBody() {
        JsonPath refused = RestAssured.given().header("Accept", "text/event-stream")
                .get(LocalSystem.publicApi() + "/v1/demo/stream").then().statusCode(401)
                .contentType(io.restassured.http.ContentType.JSON).extract().jsonPath();
        assertThat(refused.getInt("code")).isEqualTo(401);
        assertThat(refused.getString("title")).isEqualTo("Unauthorized");
        assertThat(refused.getString("error.message")).isNotBlank();
    }

    @Test
    void aDataBagNumberBeyondADoubleIsRefusedAndChangesNothing() {
        String[] stack = aStackStillCompletes();
        String bag = "/v1/demo/stacks/" + stack[0] + "/" + stack[1] + "/data_bag";
        JsonPath refused = LocalSystem.api().body("{\"version\": 0, \"facts\": {\"big\": 1e400}}").put(bag).then()
                .statusCode(400).extract().jsonPath();
        assertThat(refused.getString("error.message")).contains("finite");
        JsonPath after = LocalSystem.api().get(bag).then().statusCode(200).extract().jsonPath();
        assertThat(after.getInt("data_bag.version")).isZero();
        assertThat(after.getMap("data_bag.facts")).isEmpty();
        LocalSystem.api().delete("/v1/demo/stacks/" + stack[0] + "/" + stack[1]).then().statusCode(204);
    }

    /** A normal stack reaches CREATE_COMPLETE; returns its name and id. */
    private static String[] aStackStillCompletes() {
        String name = "hostile-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", """
                heat_template_version: 2018-08-31
                resources:
                  word: {type: OS::Heat::RandomString, properties: {length: 12}}
                """)).post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        awaitComplete(name, id);
        return new String[] {name, id};
    }

    private static void awaitComplete(String name, String id) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> !"CREATE_IN_PROGRESS".equals(
                LocalSystem.api().get("/v1/demo/stacks/" + name + "/" + id).then().extract().path("stack.stack_status")));
        assertThat((String) LocalSystem.api().get("/v1/demo/stacks/" + name + "/" + id).then().extract()
                .path("stack.stack_status")).isEqualTo("CREATE_COMPLETE");
    }

    /** Every subscription of the tenant, page by page (30 a page, each page's last id the next marker). */
    private static List<String> listAll() {
        List<String> ids = new ArrayList<>();
        Set<String> markers = new HashSet<>();
        String marker = null;
        while (true) {
            var request = LocalSystem.api().queryParam("limit", 30);
            if (marker != null) {
                request.queryParam("marker", marker);
            }
            List<String> page = request.get("/v1/demo/subscriptions").then().statusCode(200).extract().jsonPath()
                    .getList("subscriptions.id");
            assertThat(page.size()).isLessThanOrEqualTo(30);
            ids.addAll(page);
            if (page.size() < 30) {
                return ids;
            }
            marker = page.get(page.size() - 1);
            assertThat(markers.add(marker)).as("pages move on").isTrue();
        }
    }

    /** Established TCP connections to a local port (the proxy's upstream connections when the port is 8007). */
    private static int connectionsTo(int port) throws IOException, InterruptedException {
        Process ss = new ProcessBuilder("ss", "-Htn", "state", "established", "( dport = :" + port + " )")
                .redirectErrorStream(true).start();
        String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        ss.waitFor(10, TimeUnit.SECONDS);
        return (int) out.lines().filter(line -> !line.isBlank()).count();
    }
}
