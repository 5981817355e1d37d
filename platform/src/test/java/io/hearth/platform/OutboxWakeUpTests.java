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
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * With the relay running and its poll intervals at one hour, a committed event still reaches
 * Kafka within seconds: the outbox write's NOTIFY wakes the relay when the transaction commits, and an event
 * committed while the relay's listening connection was lost is published once it listens again.
 */
@QuarkusTest
@TestProfile(OutboxWakeUpTests.RelayRunning.class)
@WithTestResource(HearthTestResource.class)
class OutboxWakeUpTests {

    /** The relay runs, and would not poll again for an hour, listening or not. */
    public static class RelayRunning implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("hearth.eventing.relay.enabled", "true", "hearth.eventing.relay.poll-interval", "1h",
                    "hearth.eventing.relay.listening-poll-interval", "1h");
        }
    }

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    @Inject
    Pool pool;

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

    @Test
    void anEventCommittedWhileTheListenerWasLostIsPublishedOnceItListensAgain() throws InterruptedException {
        ConsumerTask<String, String> topic = kafka.consumeStrings().fromTopics(WidgetCreated.TOPIC);
        try {
            Thread.sleep(2000);
            // The relay's LISTEN connection is cut: the NOTIFY of the next commit reaches nobody (the listener
            // reconnects after a second).
            int cut = pool.query("select pg_terminate_backend(pid) from pg_stat_activity"
                    + " where pid <> pg_backend_pid() and query ilike 'LISTEN%'").execute()
                    .await().atMost(Duration.ofSeconds(10)).size();
            assertThat(cut).isEqualTo(1);
            String id = given().queryParam("name", "lost").queryParam("key", "lost-" + UUID.randomUUID())
                    .queryParam("fail", false).post("/test/widgets").then().statusCode(200).extract().asString();
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                    .until(() -> topic.getRecords().stream().anyMatch(r -> r.value().contains(id)));
        } finally {
            topic.close();
        }
    }
}
