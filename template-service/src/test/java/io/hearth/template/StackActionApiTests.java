package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Heat's stack actions API ({@code POST .../actions}): the body's one action becomes {@code StackActionRequested} on
 * {@code hearth.stack.commands}; suspend, resume and check show IN_PROGRESS at once; bad bodies and states get Heat's
 * errors and send nothing.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackActionApiTests {

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private StackFixtures stacks;

    @BeforeEach
    void fixtures() {
        stacks = new StackFixtures(kafka);
    }

    @Test
    void suspendResumeAndCheckAreSentAndShowAsStartedWhileRefusalsSendNothing() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String name = StackFixtures.name();
            String id = stacks.create(name, ResourceApiTests.TEMPLATE);
            String actions = "/v1/demo/stacks/" + name + "/" + id + "/actions";

            // While the create is in progress: Heat's ActionInProgress; a cancel of a create needs no rollback.
            api().body(Map.of("suspend", "")).post(actions).then().statusCode(409)
                    .body("error.type", equalTo("ActionInProgress"))
                    .body("error.message", equalTo("Stack " + name + " already has an action (CREATE) in progress."));
            api().body(Map.of("cancel_update", "")).post(actions).then().statusCode(400)
                    .body("error.type", equalTo("NotSupported"))
                    .body("error.message", equalTo("Cancelling update when stack is CREATE_IN_PROGRESS is not"
                            + " supported."));
            api().body(Map.of("cancel_without_rollback", "")).post(actions).then().statusCode(200);

            stacks.stackStatus(id, name, "CREATE", "COMPLETE", 5);
            awaitStatus(name, id, "CREATE_COMPLETE");
            // Heat's API errors for the body
            api().body("{}").post(actions).then().statusCode(400).body("error.message", equalTo("No action specified"));
            Map<String, Object> two = new LinkedHashMap<>();
            two.put("suspend", null);
            two.put("resume", null);
            api().body(two).post(actions).then().statusCode(400)
                    .body("error.message", equalTo("Multiple actions specified"));
            api().body(Map.of("reboot", "")).post(actions).then().statusCode(400)
                    .body("error.type", equalTo("HTTPBadRequest"))
                    .body("error.message", equalTo("Invalid action reboot specified"));
            api().body(Map.of("suspend", "")).post("/v1/demo/stacks/" + name + "/" + java.util.UUID.randomUUID()
                    + "/actions").then().statusCode(404);
            given().header("X-Auth-Token", "other-token").contentType("application/json").body("{\"suspend\": null}")
                    .post("/v1/other/stacks/" + name + "/" + id + "/actions").then().statusCode(404);

            String answer = api().body("{\"suspend\": null}").post(actions).then().statusCode(200).extract().asString();
            assertThat(answer).isEqualTo("null");
            api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200)
                    .body("stack.stack_status", equalTo("SUSPEND_IN_PROGRESS"))
                    .body("stack.stack_status_reason", equalTo("Stack SUSPEND started"));
            // a suspended stack is not updated (Heat's NotSupported)
            api().body(Map.of("template", ResourceApiTests.TEMPLATE)).put("/v1/demo/stacks/" + name + "/" + id)
                    .then().statusCode(400).body("error.type", equalTo("NotSupported"));

            stacks.stackStatus(id, name, "SUSPEND", "COMPLETE", 7);
            awaitStatus(name, id, "SUSPEND_COMPLETE");
            api().body("{\"suspend\": null}").post(actions).then().statusCode(200); // already suspended: nothing sent
            api().body("{\"resume\": null}").post(actions).then().statusCode(200);
            awaitStatus(name, id, "RESUME_IN_PROGRESS");
            stacks.stackStatus(id, name, "RESUME", "COMPLETE", 9);
            awaitStatus(name, id, "RESUME_COMPLETE");
            api().body("{\"check\": null}").post(actions).then().statusCode(200);
            awaitStatus(name, id, "CHECK_IN_PROGRESS");

            await().atMost(Duration.ofSeconds(30)).until(() -> actions(commands, id).size() == 4);
            assertThat(actions(commands, id)).extracting(StackActionRequested::action).containsExactly(
                    StackActionRequested.CANCEL_WITHOUT_ROLLBACK, StackActionRequested.SUSPEND,
                    StackActionRequested.RESUME, StackActionRequested.CHECK);
        } finally {
            commands.close();
        }
    }

    private static void awaitStatus(String name, String id, String status) {
        await().atMost(Duration.ofSeconds(30)).until(() -> status.equals(api().get("/v1/demo/stacks/" + name + "/"
                + id).then().statusCode(200).extract().path("stack.stack_status")));
    }

    private static List<StackActionRequested> actions(ConsumerTask<String, String> commands, String id) {
        return commands.getRecords().stream().filter(r -> id.equals(r.key()))
                .map(r -> CloudEvent.parse(r.value()))
                .filter(e -> e.type().equals(StackActionRequested.TYPE))
                .map(e -> e.dataAs(StackActionRequested.class)).toList();
    }
}
