package io.hearth.deployment.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.DeploymentStatusChanged;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.hearth.deployment.software.NewDeployment;
import io.hearth.deployment.software.SignalOutcome;
import io.hearth.deployment.software.SoftwareDeployments;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.smallrye.mutiny.Uni;
import io.hearth.testsupport.ServerMetadataRecords;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The software_configs and software_deployments API and the deployment service behind it, on the real stores. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class SoftwareDeploymentApiTests {

    private static final String TOKEN = "hearth-dev-token";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    @Inject
    SoftwareDeployments deployments;

    @Inject
    SoftwareDeploymentRepository deploymentRows;

    @Inject
    PresignedUrls urls;

    private final TestDatabase db = TestDatabase.schema("deployment");
    private ConsumerTask<String, String> metadata;
    private ConsumerTask<String, String> items;
    private ConsumerTask<String, String> events;
    private String server;

    @BeforeEach
    void listen() {
        metadata = kafka.consumeStrings().fromTopics(Topics.SERVER_METADATA);
        items = kafka.consumeStrings().fromTopics(Topics.SERVER_DEPLOYMENTS);
        events = kafka.consumeStrings().fromTopics(Topics.STACK_EVENTS);
        server = "server-" + UUID.randomUUID();
    }

    @AfterEach
    void stop() {
        metadata.close();
        items.close();
        events.close();
    }

    @Test
    void configsAreCreatedShownListedAndDeleted() {
        JsonNode created = post("/v1/demo/software_configs", """
                {"name": "cfg-a", "group": "script", "config": "#!/bin/sh\\necho $foo",
                 "inputs": [{"name": "foo", "type": "String"}], "outputs": [{"name": "result"}],
                 "options": {"debug": true}}""", 200).path("software_config");
        String id = created.path("id").asText();
        assertThat(created.path("name").asText()).isEqualTo("cfg-a");
        assertThat(created.path("group").asText()).isEqualTo("script");
        assertThat(created.path("config").asText()).isEqualTo("#!/bin/sh\necho $foo");
        assertThat(created.path("inputs")).isEqualTo(HearthJson.readTree("[{\"name\":\"foo\",\"type\":\"String\"}]"));
        assertThat(created.path("options")).isEqualTo(HearthJson.readTree("{\"debug\":true}"));
        assertThat(created.path("creation_time").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        String second = config("cfg-b", "[]", "[]");

        assertThat(get("/v1/demo/software_configs/" + id, 200).path("software_config")).isEqualTo(created);
        JsonNode list = get("/v1/demo/software_configs", 200).path("software_configs");
        JsonNode mine = find(list, id);
        assertThat(mine.toString()).isEqualTo("{\"id\":\"" + id + "\",\"name\":\"cfg-a\",\"group\":\"script\","
                + "\"creation_time\":\"" + created.path("creation_time").asText() + "\"}");
        JsonNode page = get("/v1/demo/software_configs?limit=1&marker=" + id, 200).path("software_configs");
        assertThat(page).hasSize(1);
        assertThat(page.get(0).path("id").asText()).isEqualTo(second);
        assertThat(message(get("/v1/demo/software_configs?limit=x", 400))).isEqualTo("Only integer is acceptable by 'limit'.");

        assertThat(message(request("other-token").get("/v1/other/software_configs/" + id), 404))
                .isEqualTo("Software config with id " + id + " not found");
        request(TOKEN).delete("/v1/demo/software_configs/" + id).then().statusCode(204);
        assertThat(message(get("/v1/demo/software_configs/" + id, 404)))
                .isEqualTo("Software config with id " + id + " not found");
    }

    @Test
    void aDeploymentAppearsInItsServersMetadataWithHeatsDerivedInputsAndASignedSignalUrl() {
        String b = config("b-config", """
                [{"name": "foo", "default": "dflt"}, {"name": "bar", "type": "Number", "description": "a bar"}]""",
                "[{\"name\": \"result\"}]");
        String a = config("a-config", "[]", "[]");
        JsonNode created = post("/v1/demo/software_deployments", """
                {"config_id": "%s", "server_id": "%s", "action": "CREATE",
                 "input_values": {"bar": 3, "extra": "x"}}""".formatted(b, server), 200).path("software_deployment");
        String id = created.path("id").asText();
        assertThat(created.path("status").asText()).isEqualTo("IN_PROGRESS");
        assertThat(created.path("status_reason").asText()).isEqualTo("Deploy data available");
        assertThat(created.path("generation").asLong()).isEqualTo(1);
        String other = post("/v1/demo/software_deployments", """
                {"config_id": "%s", "server_id": "%s", "action": "CREATE"}""".formatted(a, server), 200)
                .path("software_deployment").path("id").asText();

        JsonNode items = get("/v1/demo/software_deployments/metadata/" + server, 200).path("metadata");
        assertThat(items).hasSize(2);
        assertThat(items.get(0).path("deployment_id").asText()).isEqualTo(other);
        JsonNode item = items.get(1);
        assertThat(item.path("deployment_id").asText()).isEqualTo(id);
        // As in Heat, an item's id is the config derived for this run, new for each run of the deployment.
        assertThat(item.path("id").asText()).isEqualTo(DeploymentItem.runId(id, "CREATE", 1)).isNotEqualTo(id);
        assertThat(item.path("name").asText()).isEqualTo("b-config");
        assertThat(item.path("generation").asLong()).isEqualTo(1);
        List<String> names = new ArrayList<>();
        item.path("inputs").forEach(input -> names.add(input.path("name").asText()));
        assertThat(names).containsExactly("foo", "bar", "extra", "deploy_server_id", "deploy_action",
                "deploy_stack_id", "deploy_resource_name", "deploy_signal_transport", "deploy_signal_id",
                "deploy_signal_verb");
        JsonNode inputs = item.path("inputs");
        assertThat(inputs.get(0).path("value").asText()).isEqualTo("dflt");
        assertThat(inputs.get(1).path("value").asInt()).isEqualTo(3);
        assertThat(inputs.get(1).path("type").asText()).isEqualTo("Number");
        assertThat(inputs.get(1).path("description").asText()).isEqualTo("a bar");
        assertThat(inputs.get(2).path("value").asText()).isEqualTo("x");
        assertThat(inputs.get(3).path("value").asText()).isEqualTo(server);
        assertThat(inputs.get(4).path("value").asText()).isEqualTo("CREATE");
        assertThat(inputs.get(5).path("value").isNull()).isTrue();
        assertThat(inputs.get(7).path("value").asText()).isEqualTo("CFN_SIGNAL");
        assertThat(inputs.get(9).path("value").asText()).isEqualTo("POST");
        String url = inputs.get(8).path("value").asText();
        String path = "/v1/signal/deployments/" + id;
        assertThat(url).startsWith("http://127.0.0.1:8006" + path + "?kid=k1&expires=");
        assertThat(urls.verify("POST", path, url.substring(url.indexOf('?') + 1)))
                .isEqualTo(PresignedUrls.Verification.OK);

        ServerMetadata document = lastMetadata(2);
        assertThat(document.deployments()).extracting(d -> d.deploymentId()).containsExactly(other, id);
        assertThat(find(get("/v1/demo/software_deployments?server_id=" + server, 200)
                .path("software_deployments"), id).path("action").asText()).isEqualTo("CREATE");
    }

    @Test
    void anAgentsPutWithOutputsCompletesTheDeploymentOnceAndPublishesIt() {
        // The status is published; the server's metadata changes only with the rerun at the end (its items
        // hold what to run, not how it went).
        String config = config("put-config", "[]", "[{\"name\": \"result\"}]");
        String id = deploy(config, "CREATE", null);
        lastMetadata(1);

        JsonNode done = put(id, """
                {"status": "COMPLETE", "status_reason": "Outputs received",
                 "output_values": {"result": "42", "deploy_status_code": 0}}""", 200).path("software_deployment");
        assertThat(done.path("status").asText()).isEqualTo("COMPLETE");
        assertThat(done.path("output_values")).isEqualTo(HearthJson.readTree("{\"result\":\"42\",\"deploy_status_code\":0}"));
        DeploymentStatusChanged status = await().atMost(WAIT).until(() -> statuses(id).stream()
                .filter(s -> "COMPLETE".equals(s.status())).findFirst().orElse(null), s -> s != null);
        assertThat(status.statusReason()).isEqualTo("Outputs received");
        assertThat(status.outputValues().get("result").asText()).isEqualTo("42");

        JsonNode again = put(id, """
                {"status": "FAILED", "output_values": {"result": "other"}}""", 200).path("software_deployment");
        assertThat(again.path("status").asText()).isEqualTo("COMPLETE");
        assertThat(again.path("output_values").path("result").asText()).isEqualTo("42");
        assertThat(db.queryLong("select count(*) from deployment_signal where deployment_id = ? and outcome = ?",
                id, "DUPLICATE")).isEqualTo(1);

        JsonNode rerun = put(id, "{\"action\": \"UPDATE\"}", 200).path("software_deployment");
        assertThat(rerun.path("status").asText()).isEqualTo("IN_PROGRESS");
        assertThat(rerun.path("generation").asLong()).isEqualTo(2);
        assertThat(rerun.path("output_values").isNull()).isTrue();
        ServerMetadata next = lastMetadata(2);
        assertThat(next.deployments()).singleElement().satisfies(item -> assertThat(item.generation()).isEqualTo(2));
        assertThat(ServerMetadataRecords.of(server, records())).hasSize(2);
    }

    @Test
    void aCreateWritesItsDeploymentRowOnceAndARerunUpdatesItOnceWithItsNewItemsSize() {
        // Every update of a deployment row is counted by a trigger: the item's size goes with the insert (or the
        // rerun's update), not in a statement of its own.
        db.execute("create table if not exists row_update (id uuid)",
                "create or replace function count_row_update() returns trigger language plpgsql as"
                        + " $$ begin insert into deployment.row_update values (new.id); return new; end $$",
                "drop trigger if exists count_row_update on software_deployment",
                "create trigger count_row_update after update on software_deployment for each row"
                        + " execute function count_row_update()");
        try {
            String config = config("written-once", "[{\"name\": \"greeting\"}]", "[]");
            String id = deploy(config, "CREATE", null);
            assertThat(db.queryLong("select count(*) from row_update where id = ?::uuid", id)).isZero();
            long created = db.queryLong("select item_bytes from software_deployment where id = ?::uuid", id);
            assertThat(created).isPositive();
            assertThat(db.queryLong("select document_bytes from server_metadata where server_id = ?", server))
                    .isEqualTo(created);

            put(id, "{\"input_values\": {\"greeting\": \"a longer greeting than none\"}}", 200);
            assertThat(db.queryLong("select count(*) from row_update where id = ?::uuid", id)).isEqualTo(1);
            long rerun = db.queryLong("select item_bytes from software_deployment where id = ?::uuid", id);
            assertThat(rerun).isGreaterThan(created);
            assertThat(db.queryLong("select document_bytes from server_metadata where server_id = ?", server))
                    .isEqualTo(rerun);
            assertThat(lastMetadata(2).deployments()).singleElement()
                    .satisfies(item -> assertThat(item.generation()).isEqualTo(2));
        } finally {
            db.execute("drop trigger if exists count_row_update on software_deployment", "drop table row_update",
                    "drop function count_row_update()");
        }
    }

    @Test
    void signalsDecideOncePerGenerationAndNonZeroCodesAndErrorOutputsFail() {
        String config = config("signal-config", "[]", """
                [{"name": "result"}, {"name": "err", "error_output": true}]""");
        String ok = deploy(config, "CREATE", null);
        assertThat(signal(ok, "CREATE", 2, 0, Map.of())).isEqualTo(SignalOutcome.STALE);
        assertThat(signal(ok, "UPDATE", 1, 0, Map.of())).isEqualTo(SignalOutcome.STALE);
        assertThat(show(ok).path("status").asText()).isEqualTo("IN_PROGRESS");
        assertThat(signal(ok, "CREATE", 1, 0, Map.of("result", HearthJson.readTree("\"fine\""))))
                .isEqualTo(SignalOutcome.APPLIED);
        JsonNode done = show(ok);
        assertThat(done.path("status").asText()).isEqualTo("COMPLETE");
        assertThat(done.path("status_reason").asText()).isEqualTo("Outputs received");
        assertThat(done.path("output_values")).isEqualTo(HearthJson.readTree(
                "{\"result\":\"fine\",\"deploy_stdout\":\"out\",\"deploy_stderr\":\"err\",\"deploy_status_code\":0}"));
        assertThat(signal(ok, "CREATE", 1, 5, Map.of())).isEqualTo(SignalOutcome.DUPLICATE);
        assertThat(show(ok)).isEqualTo(done);
        assertThat(db.queryLong("select count(*) from deployment_signal where deployment_id = ?", ok)).isEqualTo(4);

        String nonZero = deploy(config, "CREATE", null);
        assertThat(signal(nonZero, "CREATE", 1, 3, Map.of())).isEqualTo(SignalOutcome.APPLIED);
        assertThat(show(nonZero).path("status").asText()).isEqualTo("FAILED");
        assertThat(show(nonZero).path("status_reason").asText())
                .isEqualTo("deploy_status_code : Deployment exited with non-zero status code: 3");

        String errorOutput = deploy(config, "CREATE", null);
        signal(errorOutput, "CREATE", 1, 0, Map.of("err", HearthJson.readTree("\"boom\"")));
        assertThat(show(errorOutput).path("status").asText()).isEqualTo("FAILED");
        assertThat(show(errorOutput).path("status_reason").asText()).isEqualTo("err : boom");
        assertThat(signal(UUID.randomUUID().toString(), "CREATE", 1, 0, Map.of()))
                .isEqualTo(SignalOutcome.UNKNOWN_DEPLOYMENT);
    }

    @Test
    void noSignalCompletesAtOnceWithoutASignalUrl() {
        String config = config("quiet", "[]", "[]");
        JsonNode created = post("/v1/demo/software_deployments", """
                {"config_id": "%s", "server_id": "%s", "action": "CREATE", "signal_transport": "NO_SIGNAL"}"""
                .formatted(config, server), 200).path("software_deployment");
        assertThat(created.path("status").asText()).isEqualTo("COMPLETE");
        assertThat(created.path("status_reason").asText()).isEqualTo("Not waiting for outputs signal");
        List<String> names = new ArrayList<>();
        get("/v1/demo/software_deployments/metadata/" + server, 200).path("metadata").get(0).path("inputs")
                .forEach(input -> names.add(input.path("name").asText()));
        assertThat(names).containsExactly("deploy_server_id", "deploy_action", "deploy_stack_id",
                "deploy_resource_name", "deploy_signal_transport");
    }

    @Test
    void theEngineGetsStructuredSubstitutionAndTheComponentConfigOfTheAction() {
        String structured = post("/v1/demo/software_configs", """
                {"name": "s", "group": "os-apply-config", "inputs": [{"name": "who"}],
                 "config": {"greeting": {"get_input": "who"}, "list": [{"get_input": "deploy_action"}]}}""", 200)
                .path("software_config").path("id").asText();
        String component = post("/v1/demo/software_configs", """
                {"name": "t", "group": "component", "config": {"configs": [
                  {"actions": ["CREATE", "UPDATE"], "tool": "script", "config": "create"},
                  {"actions": ["DELETE"], "tool": "ansible", "config": "delete"}]}}""", 200)
                .path("software_config").path("id").asText();
        String stack = UUID.randomUUID().toString();
        inTransaction(() -> deployments.create(new NewDeployment("demo", stack, "mystack", "deploy", server, structured,
                HearthJson.readTree("{\"who\": \"world\"}"), "CREATE", "NO_SIGNAL", "get_input", null, null, null)));
        inTransaction(() -> deployments.create("demo", stack, "comp", server, component, null, "DELETE",
                "CFN_SIGNAL"));
        JsonNode items = get("/v1/demo/software_deployments/metadata/" + server, 200).path("metadata");
        assertThat(items.get(0).path("config"))
                .isEqualTo(HearthJson.readTree("{\"greeting\":\"world\",\"list\":[\"CREATE\"]}"));
        assertThat(items.get(0).path("inputs").get(3).path("value").asText()).isEqualTo("mystack/" + stack);
        assertThat(items.get(0).path("inputs").get(4).path("value").asText()).isEqualTo("deploy");
        assertThat(items.get(1).path("group").asText()).isEqualTo("ansible");
        assertThat(items.get(1).path("config").asText()).isEqualTo("delete");
        assertThat(lastMetadata(2).stackId()).isEqualTo(stack);
    }

    @Test
    void anotherTenantsDeploymentsAndServersAreNotFound() {
        String config = config("mine", "[]", "[]");
        String id = deploy(config, "CREATE", null);
        assertThat(message(request("other-token").get("/v1/other/software_deployments/" + id), 404))
                .isEqualTo("Deployment with id " + id + " not found");
        assertThat(message(request("other-token").contentType(ContentType.JSON).body("{\"status\": \"COMPLETE\"}")
                .put("/v1/other/software_deployments/" + id), 404)).isEqualTo("Deployment with id " + id + " not found");
        assertThat(request("other-token").get("/v1/other/software_deployments/metadata/" + server).then()
                .statusCode(200).extract().jsonPath().getList("metadata")).isEmpty();
        String theirs = post("/v1/other/software_configs", "{\"name\": \"theirs\"}", 200, "other-token")
                .path("software_config").path("id").asText();
        assertThat(message(request("other-token").contentType(ContentType.JSON).body("""
                {"config_id": "%s", "server_id": "%s"}""".formatted(theirs, server))
                .post("/v1/other/software_deployments"), 404)).isEqualTo("The Server (" + server + ") could not be found.");
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("""
                {"config_id": "%s", "server_id": "%s"}""".formatted(theirs, server))
                .post("/v1/demo/software_deployments"), 404)).isEqualTo("Software config with id " + theirs + " not found");
        assertThat(show(id).path("status").asText()).isEqualTo("IN_PROGRESS");
    }

    @Test
    void concurrentCreatesAndSignalsAllLandAndARefusedOneInTheSameBatchChangesNothing() throws Exception {
        String config = config("together", "[]", "[{\"name\": \"n\"}]");
        String theirs = post("/v1/other/software_configs", "{\"name\": \"theirs\"}", 200, "other-token")
                .path("software_config").path("id").asText();
        String foreign = "server-" + UUID.randomUUID();
        post("/v1/other/software_deployments", """
                {"config_id": "%s", "server_id": "%s"}""".formatted(theirs, foreign), 200, "other-token");
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<Future<Response>> mine = new ArrayList<>();
            List<Future<Response>> refused = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                mine.add(clients.submit(() -> request(TOKEN).contentType(ContentType.JSON).body("""
                        {"config_id": "%s", "server_id": "%s", "action": "CREATE"}""".formatted(config, server))
                        .post("/v1/demo/software_deployments")));
                if (i % 6 == 0) {
                    refused.add(clients.submit(() -> request(TOKEN).contentType(ContentType.JSON).body("""
                            {"config_id": "%s", "server_id": "%s"}""".formatted(config, foreign))
                            .post("/v1/demo/software_deployments")));
                }
            }
            List<String> ids = new ArrayList<>();
            for (Future<Response> created : mine) {
                ids.add(json(created.get(), 200).path("software_deployment").path("id").asText());
            }
            for (Future<Response> answer : refused) {
                assertThat(message(answer.get(), 404)).isEqualTo("The Server (" + foreign + ") could not be found.");
            }
            assertThat(db.queryLong("select count(*) from software_deployment where server_id = ?", foreign))
                    .isEqualTo(1);
            JsonNode items = get("/v1/demo/software_deployments/metadata/" + server, 200).path("metadata");
            List<String> listed = new ArrayList<>();
            items.forEach(item -> listed.add(item.path("deployment_id").asText()));
            assertThat(listed).containsExactlyInAnyOrderElementsOf(ids);
            // One record per deployment, each with a generation of its own, the last document holding them all.
            ServerMetadata last = await().atMost(WAIT).until(() -> ServerMetadataRecords.latest(server, records()),
                    m -> m != null && m.deployments().size() == 24);
            List<Long> generations = ServerMetadataRecords.of(server, records()).stream()
                    .map(r -> CloudEvent.parse(r.value()).data().path("generation").asLong()).toList();
            assertThat(generations).hasSize(24).doesNotHaveDuplicates().contains(last.generation());
            assertThat(last.generation()).isEqualTo(24);

            List<Future<Response>> signals = new ArrayList<>();
            for (String id : ids) {
                signals.add(clients.submit(() -> request(TOKEN).contentType(ContentType.JSON).body("""
                        {"status": "COMPLETE", "output_values": {"n": "%s"}}""".formatted(id))
                        .put("/v1/demo/software_deployments/" + id)));
            }
            for (Future<Response> signal : signals) {
                assertThat(json(signal.get(), 200).path("software_deployment").path("status").asText())
                        .isEqualTo("COMPLETE");
            }
            for (String id : ids) {
                assertThat(show(id).path("output_values").path("n").asText()).isEqualTo(id);
                await().atMost(WAIT).until(() -> statuses(id).stream().anyMatch(s -> "COMPLETE".equals(s.status())));
            }
            assertThat(db.queryLong("select count(*) from deployment_signal where outcome = 'APPLIED'"
                    + " and deployment_id in (select id::text from software_deployment where server_id = ?)", server))
                    .isEqualTo(24);
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void badInputIsRefusedWithAPreciseMessageAndChangesNothing() {
        String config = config("bad", "[]", "[]");
        String id = deploy(config, "CREATE", null);
        long before = db.queryLong("select count(*) from software_deployment");
        String unknown = UUID.randomUUID().toString();
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("""
                {"config_id": "%s", "server_id": "%s"}""".formatted(unknown, server))
                .post("/v1/demo/software_deployments"), 404)).isEqualTo("Software config with id " + unknown + " not found");
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("""
                {"config_id": "%s", "server_id": "%s", "input_values": ["a"]}""".formatted(config, server))
                .post("/v1/demo/software_deployments"), 400)).isEqualTo("Invalid input_values: must be a map, not a list");
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("""
                {"config_id": "%s", "server_id": 7}""".formatted(config))
                .post("/v1/demo/software_deployments"), 400)).isEqualTo("Invalid server_id: must be a string, not a number");
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("{\"status\": \"DONE\"}")
                .put("/v1/demo/software_deployments/" + id), 400))
                .isEqualTo("Invalid status: \"DONE\" is not an allowed value [IN_PROGRESS, COMPLETE, FAILED]");
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("{\"config_id\": \"" + config + "\"}")
                .post("/v1/demo/software_deployments"), 400)).isEqualTo("server_id must be specified");
        String big = "{\"config_id\": \"" + config + "\", \"server_id\": \"" + server + "\", \"input_values\": {\"x\": \""
                + "a".repeat(1_048_576) + "\"}}";
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body(big)
                .post("/v1/demo/software_deployments"), 413)).isEqualTo("Request limit exceeded: JSON body size ("
                        + big.length() + " bytes) exceeds maximum allowed size (1048576 bytes).");
        assertThat(message(request(TOKEN).delete("/v1/demo/software_configs/" + config), 400))
                .isEqualTo("Software config with id " + config + " can not be deleted as it is referenced.");
        assertThat(db.queryLong("select count(*) from software_deployment")).isEqualTo(before);
        assertThat(show(id).path("status").asText()).isEqualTo("IN_PROGRESS");

        request(TOKEN).delete("/v1/demo/software_deployments/" + id).then().statusCode(204);
        assertThat(message(get("/v1/demo/software_deployments/" + id, 404))).isEqualTo("Deployment with id " + id + " not found");
        assertThat(lastMetadata(2).deployments()).isEmpty();
    }

    @Test
    void valuesItsColumnsCannotHoldAreRefusedBeforeAnySqlAndChangeNothing() {
        String config = config("columns", "[]", "[]");
        long deploymentsBefore = db.queryLong("select count(*) from software_deployment");
        long serversBefore = db.queryLong("select count(*) from server_metadata");
        long outboxBefore = db.queryLong("select count(*) from outbox_event");
        String longServer = "s".repeat(256);
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("""
                {"config_id": "%s", "server_id": "%s"}""".formatted(config, longServer))
                .post("/v1/demo/software_deployments"), 400))
                .isEqualTo("Invalid server_id: must be at most 255 characters, not 256");
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("""
                {"config_id": "%s", "server_id": "%s", "action": "%s"}""".formatted(config, server, "A".repeat(65)))
                .post("/v1/demo/software_deployments"), 400))
                .isEqualTo("Invalid action: must be at most 64 characters, not 65");
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("""
                {"config_id": "%s", "server_id": "%s", "input_values": {"x": ["ok", "nul \\u0000"]}}"""
                .formatted(config, server)).post("/v1/demo/software_deployments"), 400))
                .isEqualTo("Invalid input_values.x[1]: must not contain the character U+0000");
        for (String body : List.of("[]", "\"x\"", "1")) {
            assertThat(message(request(TOKEN).contentType(ContentType.JSON).body(body)
                    .post("/v1/demo/software_deployments"), 400)).isEqualTo("The request body must be a JSON object");
        }
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("""
                {"name": "%s", "group": "script"}""".formatted("n".repeat(1025)))
                .post("/v1/demo/software_configs"), 400)).isEqualTo("Invalid name: must be at most 1024 characters, not 1025");
        assertThat(message(request(TOKEN).contentType(ContentType.JSON).body("""
                {"name": "g", "group": "%s"}""".formatted("g".repeat(256)))
                .post("/v1/demo/software_configs"), 400)).isEqualTo("Invalid group: must be at most 255 characters, not 256");
        assertThat(db.queryLong("select count(*) from software_deployment")).isEqualTo(deploymentsBefore);
        assertThat(db.queryLong("select count(*) from server_metadata")).isEqualTo(serversBefore);
        assertThat(db.queryLong("select count(*) from outbox_event")).isEqualTo(outboxBefore);

        String longest = "s".repeat(255);
        assertThat(post("/v1/demo/software_deployments", """
                {"config_id": "%s", "server_id": "%s"}""".formatted(config, longest), 200)
                .path("software_deployment").path("server_id").asText()).isEqualTo(longest);
    }

    // ------------------------------------------------------------------ helpers

    private String config(String name, String inputs, String outputs) {
        return post("/v1/demo/software_configs", """
                {"name": "%s", "group": "script", "config": "run", "inputs": %s, "outputs": %s}"""
                .formatted(name, inputs, outputs), 200).path("software_config").path("id").asText();
    }

    private String deploy(String config, String action, String transport) {
        return post("/v1/demo/software_deployments", """
                {"config_id": "%s", "server_id": "%s", "action": "%s"%s}""".formatted(config, server, action,
                transport == null ? "" : ", \"signal_transport\": \"" + transport + "\""), 200)
                .path("software_deployment").path("id").asText();
    }

    private SignalOutcome signal(String id, String action, long generation, int code, Map<String, JsonNode> outputs) {
        // What the signal's record says became of it.
        return inTransaction(() -> deployments.signal(new DeploymentSignalled(null, id, server, action, generation,
                "out", "err", code, outputs, Instant.now()))
                .chain(() -> deploymentRows.signals(id))
                .map(rows -> SignalOutcome.valueOf(rows.get(0).outcome)));
    }

    private <T> T inTransaction(Supplier<Uni<T>> work) {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(work));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private JsonNode show(String id) {
        return get("/v1/demo/software_deployments/" + id, 200).path("software_deployment");
    }

    private ServerMetadata lastMetadata(long generation) {
        return await().atMost(WAIT).until(() -> ServerMetadataRecords.documents(server, records()).stream()
                .filter(m -> m.generation() == generation).findFirst().orElse(null), m -> m != null);
    }

    /** The records of both metadata topics so far. */
    private List<ConsumerRecord<String, String>> records() {
        List<ConsumerRecord<String, String>> all = new ArrayList<>(metadata.getRecords());
        all.addAll(items.getRecords());
        return all;
    }

    private List<DeploymentStatusChanged> statuses(String deploymentId) {
        return events.getRecords().stream().filter(r -> deploymentId.equals(r.key()))
                .flatMap(r -> CloudEvent.parseAll(r.value()).stream())
                .filter(e -> DeploymentStatusChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(DeploymentStatusChanged.class)).toList();
    }

    private JsonNode put(String id, String body, int status) {
        return json(request(TOKEN).contentType(ContentType.JSON).body(body)
                .put("/v1/demo/software_deployments/" + id), status);
    }

    private static JsonNode post(String path, String body, int status) {
        return post(path, body, status, TOKEN);
    }

    private static JsonNode post(String path, String body, int status, String token) {
        return json(request(token).contentType(ContentType.JSON).body(body).post(path), status);
    }

    private static JsonNode get(String path, int status) {
        return json(request(TOKEN).get(path), status);
    }

    private static io.restassured.specification.RequestSpecification request(String token) {
        return given().header("X-Auth-Token", token);
    }

    /** The body of a JSON answer, which says {@code Content-Type: application/json} exactly, as Heat's do. */
    private static JsonNode json(Response response, int status) {
        response.then().statusCode(status).header("Content-Type", "application/json");
        return HearthJson.readTree(response.asString());
    }

    private static String message(Response response, int status) {
        return message(json(response, status));
    }

    private static String message(JsonNode error) {
        return error.path("error").path("message").asText();
    }

    private static JsonNode find(JsonNode list, String id) {
        for (JsonNode entry : list) {
            if (entry.path("id").asText().equals(id)) {
                return entry;
            }
        }
        throw new AssertionError(id + " not in " + list);
    }
}
