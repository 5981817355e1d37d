package io.hearth.platform;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.platform.testapp.WidgetCreated;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * With the relay running and its poll interval at one hour, a committed event still reaches
 * Kafka within seconds: the outbox write's NOTIFY wakes the relay when the transaction commits.
 */
@QuarkusTest
@TestProfile(OutboxWakeUpTests.RelayRunning.class)
@WithTestResource(HearthTestResource.class)
class OutboxWakeUpTests {

    /** The relay runs, and would not poll again for an hour. */
    public static class RelayRunning implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("hearth.eventing.relay.enabled", "true", "hearth.eventing.relay.poll-interval", "1h");
        }
    }

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    @Test
    void aCommittedEventIsPublishedAtOnceWithoutWaitingForAPoll() throws InterruptedException {
        ConsumerTask<String, String> topic = kafka.consumeStrings().fromTopics(WidgetCreated.TOPIC);
        try {
            // The relay's first run at start-up is over; from now on only a wake-up publishes.
            Thread.sleep(2000);
            for (int i = 0; i < 3; i++) {
                String key = "wake-" + UUID.randomUUID();
                long start = System.nanoTime();
                String id = given().queryParam("name", "w" + i).queryParam("key", key).queryParam("fail", false)
                        .post("/test/widgets").then().statusCode(200).extract().asString();
                await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                        .until(() -> topic.getRecords().stream().anyMatch(r -> r.value().contains(id)));
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            }
        } finally {
            topic.close();
        }
    }
}
