package io.hearth.platform;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.platform.testapp.WidgetCreated;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The outbox, the relay, the idempotent inbox and dead-letter routing, against the real
 * broker and PostgreSQL of the test infrastructure.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class EventingTests {

    private static final String TOPIC = WidgetCreated.TOPIC;
    private static final String DLQ = TOPIC + ".dlq";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private final TestDatabase db = TestDatabase.schema("eventing_test");
    private ConsumerTask<String, String> topic;
    private String key;

    @BeforeEach
    void setUp() {
        db.execute("truncate widget, widget_projection, outbox_event, processed_event");
        key = "widgets-" + UUID.randomUUID();
        topic = kafka.consumeStrings().fromTopics(TOPIC);
    }

    @AfterEach
    void tearDown() {
        topic.close();
    }

    @Test
    void aRolledBackTransactionLeavesNeitherTheRowNorItsEvent() {
        createWidget("doomed", true).then().statusCode(500);
        String kept = createWidget("kept", false).then().statusCode(200).extract().asString();

        assertThat(db.queryLong("select count(*) from widget where name = 'doomed'")).isZero();
        assertThat(db.queryLong("select count(*) from outbox_event where aggregateid = ? and payload::jsonb->'data'->>'name' = 'doomed'", key)).isZero();
        assertThat(db.queryLong("select count(*) from widget where name = 'kept'")).isOne();
        assertThat(db.queryLong("select count(*) from outbox_event where id = ?::uuid", kept)).isOne();
    }

    @Test
    void theRelayPublishesExactlyWhatCommittedWithItsKeyAndMarksIt() {
        createWidget("doomed", true).then().statusCode(500);
        String committed = createWidget("committed", false).then().statusCode(200).extract().asString();

        drain(false).then().statusCode(200).body(org.hamcrest.Matchers.equalTo("1"));

        List<ConsumerRecord<String, String>> mine = awaitRecords(topic, committed, 1);
        assertThat(mine).hasSize(1);
        CloudEvent event = CloudEvent.parse(mine.get(0).value());
        assertThat(event.id()).isEqualTo(committed);
        assertThat(event.type()).isEqualTo(WidgetCreated.TYPE);
        assertThat(event.dataAs(WidgetCreated.class).name()).isEqualTo("committed");
        assertThat(db.queryLong("select count(*) from outbox_event where published_at is null")).isZero();
        // The rolled-back widget's event would stand before it in the same partition: it never existed.
        assertThat(topic.getRecords()).filteredOn(r -> key.equals(r.key()))
                .extracting(r -> CloudEvent.parse(r.value()).id()).containsExactly(committed);
        awaitProjected(committed);
    }

    @Test
    void afterARelayCrashTheBatchIsPublishedAgainAndAppliedOnce() {
        List<String> ids = List.of(createWidget("a", false).then().statusCode(200).extract().asString(),
                createWidget("b", false).then().statusCode(200).extract().asString(),
                createWidget("c", false).then().statusCode(200).extract().asString());

        drain(true).then().statusCode(500);
        assertThat(db.queryLong("select count(*) from outbox_event where published_at is null")).isEqualTo(3);

        drain(false).then().statusCode(200).body(org.hamcrest.Matchers.equalTo("3"));
        assertThat(db.queryLong("select count(*) from outbox_event where published_at is null")).isZero();

        // Each event reached the broker twice: once before the crash, once after the restart.
        for (String id : ids) {
            assertThat(awaitRecords(topic, id, 2)).hasSize(2);
        }
        String marker = createWidget("marker", false).then().statusCode(200).extract().asString();
        drain(false).then().statusCode(200);
        awaitProjected(marker);
        for (String id : ids) {
            assertThat(projectedCount(id)).as("applications of %s", id).isOne();
        }
    }

    @Test
    void aTombstoneIsPublishedInOrderAsItsKeyWithANullValueAndConsumersSkipIt() {
        String created = createWidget("before", false).then().statusCode(200).extract().asString();
        given().queryParam("key", key).delete("/test/widgets").then().statusCode(204);
        assertThat(db.queryLong("select count(*) from outbox_event where aggregateid = ? and type = 'tombstone'"
                + " and payload is null", key)).isOne();
        String after = createWidget("after", false).then().statusCode(200).extract().asString();
        ConsumerTask<String, String> dlq = kafka.consumeStrings().fromTopics(DLQ);
        try {
            drain(false).then().statusCode(200).body(org.hamcrest.Matchers.equalTo("3"));

            await().atMost(WAIT).until(() -> mine(topic).size() >= 3);
            assertThat(mine(topic)).extracting(r -> r.value() == null ? null : CloudEvent.parse(r.value()).id())
                    .containsExactly(created, null, after);
            assertThat(db.queryLong("select count(*) from outbox_event where published_at is null")).isZero();
            // The projector skipped the tombstone and went on: nothing of this key reached the dead-letter topic.
            awaitProjected(after);
            assertThat(projectedCount(created)).isOne();
            assertThat(mine(dlq)).isEmpty();
        } finally {
            dlq.close();
        }
    }

    @Test
    void aRedeliveredEventIsAppliedOnce() {
        CloudEvent event = CloudEvent.of("/hearth/eventing-test", WidgetCreated.TYPE, "w1",
                new WidgetCreated("w1", "twice"));
        CloudEvent marker = CloudEvent.of("/hearth/eventing-test", WidgetCreated.TYPE, "w2",
                new WidgetCreated("w2", "marker"));
        produce(event.toJson(), event.toJson(), marker.toJson());

        awaitProjected(marker.id());
        assertThat(projectedCount(event.id())).isOne();
    }

    @Test
    void aPoisonMessageGoesToTheDeadLetterTopicWithItsErrorAndTheNextIsProcessed() {
        CloudEvent poison = CloudEvent.of("/hearth/eventing-test", WidgetCreated.TYPE, "p",
                new WidgetCreated("p", "poison"));
        CloudEvent good = CloudEvent.of("/hearth/eventing-test", WidgetCreated.TYPE, "g",
                new WidgetCreated("g", "good"));
        ConsumerTask<String, String> dlq = kafka.consumeStrings().fromTopics(DLQ);
        try {
            produce("this is not json", poison.toJson(), good.toJson());

            awaitProjected(good.id());
            await().atMost(WAIT).until(() -> mine(dlq).size() >= 2);
            List<ConsumerRecord<String, String>> dead = mine(dlq);
            assertThat(dead).extracting(ConsumerRecord::value).containsExactly("this is not json", poison.toJson());
            assertThat(header(dead.get(0), "dead-letter-reason")).contains("not a CloudEvents JSON object");
            assertThat(header(dead.get(1), "dead-letter-reason")).contains("widget name 'poison' is refused");
            assertThat(header(dead.get(1), "dead-letter-topic")).isEqualTo(TOPIC);
            assertThat(projectedCount(poison.id())).isZero();
        } finally {
            dlq.close();
        }
    }

    @Test
    void aTransactionLeftIdleIsEndedByTheDatabaseAndItsEventRetriedThenDeadLettered() {
        // Each try writes its row, then sits idle past the 1 s bound: PostgreSQL ends the transaction, so nothing
        // of it stays and its locks go; the client then finds its connection closed.
        CloudEvent stall = widget("s", "stall");
        assertThat(deadLetteredBeforeTheNextIsApplied(stall)).contains("Connection is not active", "CLOSED");
        assertThat(db.queryLong("select count(*) from pg_stat_activity where state = 'idle in transaction'"
                + " and query like '%widget_projection%'")).isZero();
    }

    @Test
    void aStepThatNeverEndsIsFailedInTimeRetriedThenDeadLetteredAndTheNextIsApplied() {
        CloudEvent hang = widget("h", "hang");
        assertThat(deadLetteredBeforeTheNextIsApplied(hang)).contains("applying event [" + hang.type() + " "
                + hang.subject() + " " + hang.id() + "] did not end within PT5S");
    }

    /**
     * Produces {@code bad} then a good widget: the good one is applied, {@code bad} goes to the dead-letter topic
     * after its retries and leaves no row. Answers the dead letter's reason.
     */
    private String deadLetteredBeforeTheNextIsApplied(CloudEvent bad) {
        CloudEvent good = widget("g-" + bad.subject(), "good");
        ConsumerTask<String, String> dlq = kafka.consumeStrings().fromTopics(DLQ);
        try {
            produce(bad.toJson(), good.toJson());

            awaitProjected(good.id());
            await().atMost(WAIT).until(() -> !withId(dlq, bad.id()).isEmpty());
            assertThat(projectedCount(bad.id())).isZero();
            return header(withId(dlq, bad.id()).get(0), "dead-letter-reason");
        } finally {
            dlq.close();
        }
    }

    private static CloudEvent widget(String id, String name) {
        return CloudEvent.of("/hearth/eventing-test", WidgetCreated.TYPE, id, new WidgetCreated(id, name));
    }

    private io.restassured.response.Response createWidget(String name, boolean fail) {
        return given().queryParam("name", name).queryParam("key", key).queryParam("fail", fail)
                .post("/test/widgets");
    }

    private io.restassured.response.Response drain(boolean crash) {
        return given().queryParam("crash", crash).post("/test/relay");
    }

    private void produce(String... values) {
        for (String value : values) {
            kafka.produceStrings().fromRecords(new ProducerRecord<>(TOPIC, key, value)).awaitCompletion();
        }
    }

    private List<ConsumerRecord<String, String>> mine(ConsumerTask<String, String> task) {
        return task.getRecords().stream().filter(r -> key.equals(r.key())).toList();
    }

    private List<ConsumerRecord<String, String>> awaitRecords(ConsumerTask<String, String> task, String eventId,
            int count) {
        await().atMost(WAIT).until(() -> withId(task, eventId).size() >= count);
        return withId(task, eventId);
    }

    private List<ConsumerRecord<String, String>> withId(ConsumerTask<String, String> task, String eventId) {
        return mine(task).stream().filter(r -> r.value().contains(eventId)).toList();
    }

    private void awaitProjected(String eventId) {
        await().atMost(WAIT).until(() -> projectedCount(eventId) >= 1);
    }

    private long projectedCount(String eventId) {
        return db.queryLong("select count(*) from widget_projection where event_id = ?", eventId);
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        var header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
