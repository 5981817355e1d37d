package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Heat's resource signal on the public endpoint ({@code POST .../resources/{name}/signal}): a WaitConditionHandle's
 * signal becomes a {@code SIGNAL} stack command with the body as its details and is answered 200 {@code null}; a
 * resource that takes no signals is refused with Heat's 400s, an unknown one with 404, and nothing is sent; a
 * software deployment's signal is relayed to signal-gateway.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class ResourceSignalApiTests {

    static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            resources:
              handle:
                type: OS::Heat::WaitConditionHandle
              wait:
                type: OS::Heat::WaitCondition
                properties:
                  handle: {get_resource: handle}
                  timeout: 600
              pw:
                type: OS::Heat::RandomString
              server:
                type: OS::Nova::Server
                properties: {image: fedora, flavor: m1.small, user_data_format: SOFTWARE_CONFIG}
              config:
                type: OS::Heat::SoftwareConfig
                properties: {config: "#!/bin/sh"}
              deploy:
                type: OS::Heat::SoftwareDeployment
                properties: {config: {get_resource: config}, server: {get_resource: server}}
            """;

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private StackFixtures stacks;

    @BeforeEach
    void fixtures() {
        stacks = new StackFixtures(kafka);
    }

    @Test
    void aHandlesSignalIsAStackCommandWithTheBodyAsDetailsAnsweredWithNull() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String name = StackFixtures.name();
            String id = stacks.create(name, TEMPLATE);
            String canonical = "/v1/demo/stacks/" + name + "/" + id;

            String answer = api().body(Map.of("status", "SUCCESS", "reason", "up", "data", "10.0.0.7", "id", "web-1"))
                    .post(canonical + "/resources/handle/signal").then().statusCode(200)
                    .contentType("application/json").extract().asString();
            assertThat(answer).isEqualTo("null");
            api().post(canonical + "/resources/handle/signal").then().statusCode(200);

            await().atMost(Duration.ofSeconds(30)).until(() -> signals(commands, id).size() == 2);
            List<StackActionRequested> sent = signals(commands, id);
            assertThat(sent.get(0)).isEqualTo(new StackActionRequested(id, "demo", name, StackActionRequested.SIGNAL,
                    "handle", null, HearthJson.readTree("{\"status\": \"SUCCESS\", \"reason\": \"up\", \"data\": "
                            + "\"10.0.0.7\", \"id\": \"web-1\"}")));
            assertThat(sent.get(1).details()).isNull();
        } finally {
            commands.close();
        }
    }

    @Test
    void aScalingPolicysSignalUrlPostedWithATokenAsHeatDocumentsItIsTheSignalCommandThatScales() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String name = StackFixtures.name();
            String id = stacks.create(name, """
                    heat_template_version: 2018-08-31
                    resources:
                      asg:
                        type: OS::Heat::AutoScalingGroup
                        properties: {min_size: 1, max_size: 3, resource: {type: OS::Heat::None}}
                      scale_out:
                        type: OS::Heat::ScalingPolicy
                        properties:
                          auto_scaling_group_id: {get_resource: asg}
                          adjustment_type: change_in_capacity
                          scaling_adjustment: 1
                    """);
            // deployment-service's signal_url: HEARTH_SIGNAL_HEAT_API_URL + Heat's resource identifier path
            String signalUrl = "/v1/demo/stacks/" + name + "/" + id + "/resources/scale_out/signal";
            // Heat's documented call: curl -X POST -H "X-Auth-Token: $TOKEN" -H 'Content-Type: application/json'
            api().body("{}").post(signalUrl).then().statusCode(200);

            await().atMost(Duration.ofSeconds(30)).until(() -> signals(commands, id).size() == 1);
            assertThat(signals(commands, id).get(0)).isEqualTo(new StackActionRequested(id, "demo", name,
                    StackActionRequested.SIGNAL, "scale_out", null, HearthJson.readTree("{}")));
        } finally {
            commands.close();
        }
    }

    @Test
    void resourcesThatTakeNoSignalAndUnknownOnesAreRefusedAsHeatRefusesThemAndNothingIsSent() {
        String name = StackFixtures.name();
        String id = stacks.create(name, TEMPLATE);
        String canonical = "/v1/demo/stacks/" + name + "/" + id;
        long before = stacks.db().queryLong("select count(*) from outbox_event where aggregateid = ?", id);

        api().body(Map.of()).post(canonical + "/resources/pw/signal").then().statusCode(400)
                .body("error.type", equalTo("ResourceActionNotSupported"))
                .body("error.message", equalTo("signal is not supported for resource."));
        api().body(Map.of()).post(canonical + "/resources/wait/signal").then().statusCode(400)
                .body("error.type", equalTo("ResourceActionNotSupported"));
        api().body(Map.of()).post(canonical + "/resources/nope/signal").then().statusCode(404)
                .body("error.type", equalTo("ResourceNotFound"))
                .body("error.message", equalTo("The Resource (nope) could not be found in Stack " + name + "."));
        given().header("X-Auth-Token", "other-token").contentType("application/json").body(Map.of())
                .post("/v1/other/stacks/" + name + "/" + id + "/resources/handle/signal").then().statusCode(404);

        stacks.resourceStatus(id, "handle", "h-1", "OS::Heat::WaitConditionHandle", "DELETE", "IN_PROGRESS",
                "state changed", null);
        await().atMost(Duration.ofSeconds(30)).until(() -> stacks.db().queryLong("select count(*) from stack_resource"
                + " where stack_id = ?::uuid and name = 'handle' and action = 'DELETE'", id) == 1);
        api().body(Map.of()).post(canonical + "/resources/handle/signal").then().statusCode(400)
                .body("error.type", equalTo("NotSupported"))
                .body("error.message", equalTo("Signal resource during DELETE is not supported."));

        assertThat(stacks.db().queryLong("select count(*) from outbox_event where aggregateid = ?", id))
                .isEqualTo(before);
    }

    @Test
    void aSoftwareDeploymentsSignalIsRelayedToSignalGateway() {
        String name = StackFixtures.name();
        String id = stacks.create(name, TEMPLATE);
        long before = stacks.db().queryLong("select count(*) from outbox_event where aggregateid = ?", id);

        // No gateway listens where the tests point (hearth.upstream.signal-gateway): the answer names it.
        api().body(Map.of("deploy_status_code", 0)).post("/v1/demo/stacks/" + name + "/" + id
                + "/resources/deploy/signal").then().statusCode(502)
                .body("error.type", equalTo("BadGateway"))
                .body("error.message", startsWith("signal-gateway did not answer"));
        assertThat(stacks.db().queryLong("select count(*) from outbox_event where aggregateid = ?", id))
                .isEqualTo(before);
    }

    /**
     * Breakpoints: the environment's hooks reach deployment-service in the plan, an invalid one is Heat's
     * InvalidBreakPointHook; {@code unset_hook} is sent (for any type) only while the resource's latest hook event says
     * it waits there, and refused with Heat's words otherwise, nothing sent.
     */
    @Test
    void unsetHookIsSentOnlyWhileTheResourceWaitsAtThatHook() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String name = StackFixtures.name();
            String id = api().body(Map.of("stack_name", name, "template", TEMPLATE, "environment", Map.of(
                    "resource_registry", Map.of("resources", Map.of("p*", Map.of("hooks", List.of("pre-create",
                            "post-create")))))))
                    .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
            assertThat(stacks.db().queryLong("select count(*) from outbox_event where aggregateid = ? and"
                    + " jsonb_path_exists(payload::jsonb, '$.data.plan.resources[*] ? (@.name == \"pw\""
                    + " && @.hooks[1] == \"post-create\")') and not jsonb_path_exists(payload::jsonb,"
                    + " '$.data.plan.resources[*] ? (@.name == \"handle\").hooks')", id)).isOne();
            String canonical = "/v1/demo/stacks/" + name + "/" + id;
            long before = stacks.db().queryLong("select count(*) from outbox_event where aggregateid = ?", id);
            String resource = "RandomString \"pw\" Stack \"" + name + "\" [" + id + "]";

            api().body(Map.of("unset_hook", "pre-create")).post(canonical + "/resources/pw/signal").then()
                    .statusCode(400).body("error.type", equalTo("InvalidBreakPointHook"))
                    .body("error.message", equalTo("The \"pre-create\" hook is not defined on " + resource));
            api().body(Map.of("unset_hook", "pre-bogus")).post(canonical + "/resources/pw/signal").then()
                    .statusCode(400).body("error.type", equalTo("InvalidBreakPointHook"))
                    .body("error.message", equalTo("Invalid hook type \"pre-bogus\" for " + resource));

            stacks.resourceEventOnly(id, "pw", "OS::Heat::RandomString", "INIT", "COMPLETE",
                    "CREATE paused until Hook pre-create is cleared");
            stacks.awaitEvents(id, 1);
            api().body(Map.of("unset_hook", "post-create")).post(canonical + "/resources/pw/signal").then()
                    .statusCode(400).body("error.type", equalTo("InvalidBreakPointHook"));
            assertThat(stacks.db().queryLong("select count(*) from outbox_event where aggregateid = ?", id))
                    .isEqualTo(before);
            api().body(Map.of("unset_hook", "pre-create")).post(canonical + "/resources/pw/signal").then()
                    .statusCode(200);
            await().atMost(Duration.ofSeconds(30)).until(() -> signals(commands, id).size() == 1);
            assertThat(signals(commands, id).get(0)).isEqualTo(new StackActionRequested(id, "demo", name,
                    StackActionRequested.SIGNAL, "pw", null, HearthJson.readTree("{\"unset_hook\": \"pre-create\"}")));

            stacks.resourceEventOnly(id, "pw", "OS::Heat::RandomString", "INIT", "COMPLETE",
                    "Hook pre-create is cleared");
            stacks.awaitEvents(id, 2);
            api().body(Map.of("unset_hook", "pre-create")).post(canonical + "/resources/pw/signal").then()
                    .statusCode(400).body("error.type", equalTo("InvalidBreakPointHook"));

            api().body(Map.of("stack_name", StackFixtures.name(), "template", TEMPLATE, "environment", Map.of(
                    "resource_registry", Map.of("resources", Map.of("pw", Map.of("hooks", "pre-bogus"))))))
                    .post("/v1/demo/stacks").then().statusCode(400)
                    .body("error.type", equalTo("InvalidBreakPointHook"))
                    .body("error.message", equalTo("Invalid hook type \"pre-bogus\" for resource breakpoint, "
                            + "acceptable hook types are: ('pre-create', 'pre-update', 'pre-delete', 'post-create', "
                            + "'post-update', 'post-delete')"));
        } finally {
            commands.close();
        }
    }

    private static List<StackActionRequested> signals(ConsumerTask<String, String> commands, String id) {
        return commands.getRecords().stream().filter(r -> id.equals(r.key()))
                .map(r -> CloudEvent.parse(r.value()))
                .filter(e -> e.type().equals(StackActionRequested.TYPE))
                .map(e -> e.dataAs(StackActionRequested.class))
                .filter(a -> StackActionRequested.SIGNAL.equals(a.action())).toList();
    }
}
