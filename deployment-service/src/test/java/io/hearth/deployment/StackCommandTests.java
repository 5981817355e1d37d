package io.hearth.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedOutput;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.contracts.stack.v1.StackDeleteRequested;
import io.hearth.contracts.stack.v1.StackEventBatch;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Stack commands in, status events out, over the real topics, with template-service played by the test. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackCommandTests {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final TopicRecords events = new TopicRecords(Topics.STACK_EVENTS);

    @Test
    void aStackWithoutResourcesGoesInProgressThenCompleteWithItsOutputs() {
        String id = UUID.randomUUID().toString();
        send(id, createCommand(id, List.of()).toJson());

        List<StackStatusChanged> statuses = awaitStatuses(id, 2);
        assertThat(statuses).extracting(StackStatusChanged::stackStatus)
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(statuses).extracting(StackStatusChanged::version).containsExactly(1L, 2L);
        assertThat(statuses.get(1).statusReason()).isEqualTo("Stack CREATE completed successfully");
        assertThat(statuses.get(1).outputs().get("greeting").asText()).isEqualTo("hello");
        assertThat(db.queryLong("select count(*) from stack_runtime where id = ?::uuid and status = 'COMPLETE'", id))
                .isOne();
    }

    @Test
    void aRedeliveredCommandIsAppliedOnce() {
        String id = UUID.randomUUID().toString();
        String command = createCommand(id, List.of()).toJson();
        send(id, command);
        send(id, command);
        String marker = UUID.randomUUID().toString();
        // Same key, same partition: once the marker is applied, both copies were consumed.
        send(id, createCommand(marker, List.of()).toJson());

        awaitStatuses(marker, 2);
        awaitStatuses(id, 2);
        assertThat(outboxEvents(id)).isEqualTo(2);
        assertThat(statusesOf(id)).hasSize(2);
    }

    @Test
    void aStepsEventsOfOneTreeTravelInOneRecordInTheOrderTheyHappened() {
        String id = UUID.randomUUID().toString();
        List<PlannedResource> resources = List.of(
                new PlannedResource("a", "OS::Heat::RandomString", null, List.of(), null, null),
                new PlannedResource("b", "OS::Heat::RandomString", null, List.of(), null, null),
                new PlannedResource("c", "OS::Heat::RandomString", null, List.of("a"), null, null));
        send(id, createCommand(id, resources).toJson());

        awaitStatuses(id, 2);
        List<ConsumerRecord<String, String>> records = events.records().stream().filter(r -> id.equals(r.key()))
                .toList();
        List<CloudEvent> published = records.stream().flatMap(r -> CloudEvent.parseAll(r.value()).stream()).toList();
        assertThat(records).anySatisfy(r -> assertThat(CloudEvent.parse(r.value()).type())
                .isEqualTo(StackEventBatch.TYPE));
        assertThat(records).hasSizeLessThan(published.size());
        assertThat(published).extracting(CloudEvent::id).doesNotHaveDuplicates();
        assertThat(published).filteredOn(e -> StackStatusChanged.TYPE.equals(e.type()))
                .extracting(e -> e.dataAs(StackStatusChanged.class).stackStatus())
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(published.get(0).type()).isEqualTo(StackStatusChanged.TYPE);
        assertThat(published.get(published.size() - 1).type()).isEqualTo(StackStatusChanged.TYPE);
        List<String> resourceStatuses = published.stream().filter(e -> ResourceStatusChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(ResourceStatusChanged.class))
                .map(r -> r.resourceName() + " " + r.action() + "_" + r.status()).toList();
        assertThat(resourceStatuses).containsSubsequence("a CREATE_IN_PROGRESS", "a CREATE_COMPLETE",
                "c CREATE_IN_PROGRESS", "c CREATE_COMPLETE");
        assertThat(resourceStatuses).containsSubsequence("b CREATE_IN_PROGRESS", "b CREATE_COMPLETE");
    }

    @Test
    void aResourceTypeThisVersionCannotCreateFailsTheStackWithAReasonNamingIt() {
        String id = UUID.randomUUID().toString();
        PlannedResource port = new PlannedResource("web", "OS::Neutron::Port", null, List.of(), null, null);
        send(id, createCommand(id, List.of(port)).toJson());

        List<StackStatusChanged> statuses = awaitStatuses(id, 2);
        assertThat(statuses.get(1).stackStatus()).isEqualTo("CREATE_FAILED");
        assertThat(statuses.get(1).statusReason()).isEqualTo("Resource CREATE failed: resource type OS::Neutron::Port"
                + " of web is not supported by this deployment-service yet");
        assertThat(events.records().stream().filter(r -> id.equals(r.key()))
                .flatMap(r -> CloudEvent.parseAll(r.value()).stream()).map(CloudEvent::type))
                .contains(ResourceStatusChanged.TYPE);
    }

    @Test
    void aRedeliveredCommandWithResourcesChangesNothing() {
        String id = UUID.randomUUID().toString();
        List<PlannedResource> resources = List.of(
                new PlannedResource("pw", "OS::Heat::RandomString", null, List.of(), null, null),
                new PlannedResource("v", "OS::Heat::Value",
                        HearthJson.readTree("{\"value\": {\"get_attr\": [\"pw\", \"value\"]}}"), List.of("pw"),
                        null, null));
        String command = createCommand(id, resources).toJson();
        send(id, command);
        send(id, command);
        String marker = UUID.randomUUID().toString();
        send(id, createCommand(marker, List.of()).toJson());

        awaitStatuses(marker, 2);
        awaitStatuses(id, 2);
        // Two stack statuses and two events per resource, once.
        assertThat(outboxEvents(id)).isEqualTo(6);
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid", id)).isEqualTo(2);
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid"
                + " and name = 'pw' and attributes->>'value' = reference_id", id)).isOne();
    }

    @Test
    void aDeletedStackGoesDeleteInProgressThenDeleteCompleteOnce() {
        String id = UUID.randomUUID().toString();
        send(id, createCommand(id, List.of()).toJson());
        CloudEvent delete = CloudEvent.of("/hearth/template-service", id,
                new StackDeleteRequested(id, "demo", "s-" + id));
        send(id, delete.toJson());
        // A second delete (a user asking twice) changes nothing once the stack is gone.
        send(id, CloudEvent.of("/hearth/template-service", id, new StackDeleteRequested(id, "demo", "s-" + id))
                .toJson());

        List<StackStatusChanged> statuses = awaitStatuses(id, 4);
        assertThat(statuses).extracting(StackStatusChanged::stackStatus).containsExactly("CREATE_IN_PROGRESS",
                "CREATE_COMPLETE", "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(statuses).extracting(StackStatusChanged::version).containsExactly(1L, 2L, 3L, 4L);
        String marker = UUID.randomUUID().toString();
        send(id, createCommand(marker, List.of()).toJson());
        awaitStatuses(marker, 2);
        assertThat(statusesOf(id)).hasSize(4);
    }

    @Test
    void aCommandThatIsNoEventGoesToTheDeadLetterTopic() {
        ConsumerTask<String, String> dlq = kafka.consumeStrings().fromTopics(Topics.dlq(Topics.STACK_COMMANDS));
        try {
            String key = UUID.randomUUID().toString();
            send(key, "{\"specversion\": \"1.0\"}");
            await().atMost(WAIT).until(() -> dlq.getRecords().stream().anyMatch(r -> key.equals(r.key())));
        } finally {
            dlq.close();
        }
    }

    private static CloudEvent createCommand(String id, List<PlannedResource> resources) {
        StackPlan plan = new StackPlan("2018-08-31", "test", Map.of(), resources,
                Map.of("greeting", new PlannedOutput(null, TextNode.valueOf("hello"))), null, true);
        return CloudEvent.of("/hearth/template-service", id, new StackCreateRequested(id, "demo", "s-" + id, plan));
    }

    private void send(String key, String value) {
        events.publish(Topics.STACK_COMMANDS, key, value);
    }

    /** The events the stack's key has in the outbox, those of its batches included. */
    private long outboxEvents(String key) {
        return db.queryLong("select sum(case when type = ? then jsonb_array_length(payload::jsonb -> 'data' -> 'events')"
                + " else 1 end) from outbox_event where aggregateid = ?", StackEventBatch.TYPE, key);
    }

    private List<StackStatusChanged> awaitStatuses(String id, int count) {
        await().atMost(WAIT).until(() -> statusesOf(id).size() >= count);
        return statusesOf(id);
    }

    private List<StackStatusChanged> statusesOf(String id) {
        return events.records().stream().filter(r -> id.equals(r.key()))
                .flatMap(r -> CloudEvent.parseAll(r.value()).stream())
                .filter(e -> StackStatusChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(StackStatusChanged.class)).toList();
    }
}
