package io.hearth.platform;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.platform.testapp.WidgetCreated;
import io.hearth.platform.testapp.WidgetProjector;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One trace from a request through the outbox, the relay and Kafka to the consumer: the envelope carries the
 * request's trace context as its {@code traceparent}, and the consumer's work continues it.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class TracingTests {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CALLER_SPAN = "00f067aa0ba902b7";

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private final TestDatabase db = TestDatabase.schema("eventing_test");
    private String key;

    @BeforeEach
    void setUp() {
        db.execute("truncate widget, widget_projection, outbox_event, processed_event");
        key = "traced-" + UUID.randomUUID();
    }

    @Test
    void anEventWrittenInARequestCarriesItsTraceAndItsConsumerContinuesIt() {
        String id = given().header("traceparent", "00-" + TRACE_ID + "-" + CALLER_SPAN + "-01")
                .queryParam("name", "traced").queryParam("key", key).queryParam("fail", false)
                .post("/test/widgets").then().statusCode(200).extract().asString();

        CloudEvent stored = CloudEvent.parse(db.queryString("select payload from outbox_event where id = ?::uuid", id));
        String traceparent = stored.extension(CloudEvent.TRACEPARENT);
        assertThat(traceparent).startsWith("00-" + TRACE_ID + "-").doesNotContain(CALLER_SPAN);

        given().queryParam("crash", false).post("/test/relay").then().statusCode(200);

        await().atMost(Duration.ofSeconds(30)).until(() -> WidgetProjector.SEEN.containsKey(id));
        assertThat(WidgetProjector.SEEN.get(id)).isEqualTo(TRACE_ID + " " + stored.subject());
    }

    @Test
    void aConsumedEventContinuesTheTraceOfItsEnvelopeWhateverTheKafkaRecordsHeadersSay() {
        String widget = UUID.randomUUID().toString();
        CloudEvent event = CloudEvent.of("/hearth/eventing-test", WidgetCreated.TYPE, widget,
                new WidgetCreated(widget, "from-elsewhere"))
                .withExtension(CloudEvent.TRACEPARENT, "00-" + TRACE_ID + "-" + CALLER_SPAN + "-00");

        kafka.produceStrings().fromRecords(new ProducerRecord<>(WidgetCreated.TOPIC, key, event.toJson()))
                .awaitCompletion();

        await().atMost(Duration.ofSeconds(30)).until(() -> WidgetProjector.SEEN.containsKey(event.id()));
        assertThat(WidgetProjector.SEEN.get(event.id())).isEqualTo(TRACE_ID + " " + widget);
    }
}
