package io.hearth.platform;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the relay does with a row Kafka refuses, against the real broker and PostgreSQL: a row larger than its
 * topic takes is set aside for good and never blocks or repeats the rest of its batch; a row refused for a
 * while stays in its place and is published once the cause is gone.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class OutboxDeadLetterTests {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private final TestDatabase db = TestDatabase.schema("eventing_test");
    private String topic;
    private ConsumerTask<String, String> records;

    @BeforeEach
    void setUp() {
        db.execute("truncate outbox_event, outbox_dead_letter");
        topic = "hearth.test.small-" + UUID.randomUUID();
    }

    @AfterEach
    void tearDown() {
        if (records != null) {
            records.close();
        }
    }

    @Test
    void aRowLargerThanItsTopicTakesIsDeadLetteredAndTheOthersArePublishedOnce() {
        // The topic takes records of at most 4 kB; the batch holds one of 20 kB between normal rows (above the
        // producer's batch.size, so it travels alone, as a record over the production limits would).
        createTopic(Map.of(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, "4096"));
        records = kafka.consumeStrings().fromTopics(topic);
        String big = "big " + "x".repeat(20_000);
        insert("k1", "a");
        insert("k1", "b");
        String refused = insert("k1", big);
        insert("k1", "d");
        insert("k2", "e");

        drain().then().statusCode(200).body(org.hamcrest.Matchers.equalTo("4"));

        assertThat(db.queryLong("select count(*) from outbox_event")).isZero();
        assertThat(db.queryLong("select count(*) from outbox_dead_letter where id = ?::uuid and topic = ?"
                + " and aggregateid = 'k1' and type = 'test.type' and length(payload) = ?"
                + " and reason like 'org.apache.kafka.common.errors.RecordTooLargeException: %'"
                + " and failed_at is not null", refused, topic, big.length())).isOne();
        // Rows committed afterwards are published too, and nothing is published twice.
        insert("k1", "f");
        drain().then().statusCode(200).body(org.hamcrest.Matchers.equalTo("1"));
        await().atMost(WAIT).until(() -> records.getRecords().size() >= 5);
        drain().then().statusCode(200).body(org.hamcrest.Matchers.equalTo("0"));
        assertThat(values("k1")).containsExactly("a", "b", "d", "f");
        assertThat(values("k2")).containsExactly("e");
        assertThat(records.getRecords()).hasSize(5);

        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics).contains("hearth_outbox_dead_lettered_total{topic=\"" + topic + "\"} 1.0");
        given().get("/q/health/live").then().statusCode(200);
    }

    @Test
    void aRowRefusedForAWhileStaysInItsPlaceAndIsPublishedOnceTheCauseIsGone() throws Exception {
        // The topic takes no record older than the broker's clock: refused until its configuration changes.
        createTopic(Map.of(TopicConfig.MESSAGE_TIMESTAMP_BEFORE_MAX_MS_CONFIG, "0"));
        String other = topic + "-ok";
        kafka.topics().create(List.of(new NewTopic(other, 1, (short) 1)));
        records = kafka.consumeStrings().fromTopics(topic, other);
        String key = "k-" + UUID.randomUUID();
        insert(other, key, "before");
        String waiting = insert(topic, key, "waiting");
        insert(other, key, "after");

        drain().then().statusCode(500);

        await().atMost(WAIT).until(() -> values(key).size() >= 2);
        assertThat(db.queryLong("select count(*) from outbox_event where published_at is null")).isOne();
        assertThat(db.queryLong("select count(*) from outbox_event where id = ?::uuid", waiting)).isOne();
        assertThat(db.queryLong("select count(*) from outbox_dead_letter")).isZero();

        alterTopic(TopicConfig.MESSAGE_TIMESTAMP_BEFORE_MAX_MS_CONFIG, String.valueOf(Long.MAX_VALUE));
        drain().then().statusCode(200).body(org.hamcrest.Matchers.equalTo("1"));
        await().atMost(WAIT).until(() -> values(key).size() >= 3);
        assertThat(values(key)).containsExactlyInAnyOrder("before", "after", "waiting").hasSize(3);
        assertThat(db.queryLong("select count(*) from outbox_event")).isZero();
    }

    private io.restassured.response.Response drain() {
        return given().queryParam("crash", false).post("/test/relay");
    }

    private String insert(String key, String payload) {
        return insert(topic, key, payload);
    }

    /**
     * An outbox row as a service's transaction writes it; its id. A name gets a payload of an event's size:
     * the name and 200 bytes (tiny records could share a batch with the oversized one; events never are).
     */
    private String insert(String toTopic, String key, String payload) {
        payload = payload.length() > 10 ? payload : payload + " " + "y".repeat(200);
        String id = UUID.randomUUID().toString();
        db.execute("insert into outbox_event (id, aggregatetype, aggregateid, type, topic, payload, timestamp)"
                + " values ('" + id + "', 'test', '" + key + "', 'test.type', '" + toTopic + "', '" + payload
                + "', now())");
        return id;
    }

    /** The names of the key's records on the topics, in their order. */
    private List<String> values(String key) {
        return records.getRecords().stream().filter(r -> key.equals(r.key()))
                .map(r -> r.value().substring(0, r.value().indexOf(' '))).toList();
    }

    private void createTopic(Map<String, String> configs) {
        kafka.topics().create(List.of(new NewTopic(topic, 1, (short) 1).configs(configs)));
        kafka.topics().waitForTopic(topic).await().atMost(WAIT);
    }

    private void alterTopic(String name, String value) throws Exception {
        kafka.getOrCreateAdminClient().incrementalAlterConfigs(Map.of(
                new ConfigResource(ConfigResource.Type.TOPIC, topic),
                List.of(new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET)))).all().get();
    }
}
