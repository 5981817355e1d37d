package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.TestDatabase;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * What the read-side API tests share: a client for the demo tenant, stacks created through the
 * API, and deployment-service's side played by producing status events to
 * {@code hearth.stack.events}.
 */
final class StackFixtures {

    static final String TOKEN = "hearth-dev-token";

    private final KafkaCompanion kafka;
    private final TestDatabase db = TestDatabase.schema("template");

    StackFixtures(KafkaCompanion kafka) {
        this.kafka = kafka;
    }

    /** A request as the demo tenant, redirects not followed. */
    static RequestSpecification api() {
        return given().header("X-Auth-Token", TOKEN).contentType(ContentType.JSON).redirects().follow(false);
    }

    /** A fresh stack name. */
    static String name() {
        return "s-" + UUID.randomUUID().toString().substring(0, 8);
    }

    TestDatabase db() {
        return db;
    }

    /** Creates a stack through the API; returns its id. */
    String create(String name, String template) {
        return api().body(Map.of("stack_name", name, "template", template)).post("/v1/demo/stacks")
                .then().statusCode(201).extract().path("stack.id");
    }

    /** Publishes a stack status as deployment-service does and waits until the read model shows it. */
    void stackStatus(String id, String name, String action, String status, long version) {
        CloudEvent event = CloudEvent.of("/hearth/deployment-service", id, new StackStatusChanged(id, "demo", name,
                action, status, "Stack " + action + " " + status.toLowerCase(), null, version));
        publish(id, event);
    }

    /** Publishes a resource status as deployment-service does; returns the event id. */
    String resourceStatus(String id, String resource, String physicalId, String type, String action, String status,
            String reason, Map<String, JsonNode> attributes) {
        CloudEvent event = CloudEvent.of("/hearth/deployment-service", id, new ResourceStatusChanged(id, "demo",
                resource, physicalId, type, action, status, reason, attributes));
        publish(id, event);
        return event.id();
    }

    /** Publishes that deployment-service made a nested stack, as it does before the nested stack's first status. */
    void nestedCreated(io.hearth.contracts.stack.v1.NestedStackCreated created) {
        publish(created.stackId(), CloudEvent.of("/hearth/deployment-service", created.stackId(), created));
    }

    /** Publishes that deployment-service updates a nested stack to a new template, before that update's status. */
    void nestedUpdated(io.hearth.contracts.stack.v1.NestedStackUpdated updated) {
        publish(updated.stackId(), CloudEvent.of("/hearth/deployment-service", updated.stackId(), updated));
    }

    /**
     * Publishes an event of a resource's history that leaves its state as it was (deployment-service's
     * answer to an update {@code restricted_actions} refuses).
     */
    void resourceEventOnly(String id, String resource, String type, String action, String status, String reason) {
        publish(id, CloudEvent.of("/hearth/deployment-service", id, new ResourceStatusChanged(id, "demo", resource,
                null, type, action, status, reason, null, true)));
    }

    /** Waits until the stack's history holds {@code count} events. */
    void awaitEvents(String id, long count) {
        await().atMost(Duration.ofSeconds(30)).until(() ->
                db.queryLong("select count(*) from stack_event where stack_id = ?::uuid", id) >= count);
    }

    private void publish(String id, CloudEvent event) {
        kafka.produceStrings().fromRecords(new ProducerRecord<>(Topics.STACK_EVENTS, id, event.toJson()))
                .awaitCompletion();
    }
}
