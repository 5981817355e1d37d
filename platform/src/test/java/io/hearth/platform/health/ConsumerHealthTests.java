package io.hearth.platform.health;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.hearth.platform.testapp.RecordingExit;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A consumer whose polling thread is starved, on the real broker: liveness and readiness go DOWN naming the
 * channel, the watchdog asks for the exit that gets the service restarted, and once the thread is free again
 * both are UP and the consumer consumes. The test application probes every 200 ms with a 3 s threshold and a
 * 2 s watchdog grace ({@code application.properties}); {@link RecordingExit} takes the exit.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class ConsumerHealthTests {

    private static final String CHANNEL = "widget-events";
    private static final String LIVE = "checks.find { it.name == '" + ConsumerLiveness.NAME + "' }";
    private static final String READY = "checks.find { it.name == '" + ConsumerReadiness.NAME + "' }";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    KafkaClientService kafka;

    @Inject
    RecordingExit exit;

    private final TestDatabase db = TestDatabase.schema("eventing_test");

    @Test
    void aStarvedPollingThreadMakesLivenessAndReadinessDownUntilItRunsAgain() throws Exception {
        await().atMost(WAIT).untilAsserted(() -> given().get("/q/health/live").then().statusCode(200)
                .body(LIVE + ".data.'" + CHANNEL + "'", startsWith("OK: ")));
        exit.clear();

        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch blocked = new CountDownLatch(1);
        kafka.getConsumer(CHANNEL).runOnPollingThread((Consumer<Object, Object> c) -> {
            blocked.countDown();
            try {
                release.await(2, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }).subscribe().with(done -> { }, failure -> { });
        try {
            assertThat(blocked.await(10, TimeUnit.SECONDS)).as("the polling thread took the blocking task").isTrue();

            await().atMost(WAIT).untilAsserted(() -> given().get("/q/health/live").then().statusCode(503)
                    .body("status", equalTo("DOWN"))
                    .body(LIVE + ".status", equalTo("DOWN"))
                    .body(LIVE + ".data.'" + CHANNEL + "'", startsWith(CHANNEL + ": polling thread: its thread "
                            + "smallrye-kafka-consumer-thread-"))
                    .body(LIVE + ".data.'" + CHANNEL + "'", containsString("blocked or starved")));
            given().get("/q/health/ready").then().statusCode(503)
                    .body(READY + ".status", equalTo("DOWN"))
                    .body(READY + ".data.'" + CHANNEL + "'", startsWith(CHANNEL + ": "));
            await().atMost(WAIT).until(() -> !exit.requests().isEmpty());
            assertThat(exit.requests().get(0)).startsWith(LivenessWatchdog.EXIT_CODE + " liveness DOWN for ")
                    .contains(ConsumerLiveness.NAME).contains(CHANNEL);
        } finally {
            release.countDown();
        }

        await().atMost(WAIT).untilAsserted(() -> given().get("/q/health/live").then().statusCode(200)
                .body(LIVE + ".data.'" + CHANNEL + "'", startsWith("OK: ")));
        await().atMost(WAIT).untilAsserted(() -> given().get("/q/health/ready").then().statusCode(200)
                .body(READY + ".status", equalTo("UP")));

        // The consumer consumes again: a widget created now is projected.
        String key = "health-" + UUID.randomUUID();
        String id = given().queryParam("name", "after-starvation").queryParam("key", key).queryParam("fail", false)
                .post("/test/widgets").then().statusCode(200).extract().asString();
        given().queryParam("crash", false).post("/test/relay").then().statusCode(200);
        await().atMost(WAIT).until(() -> db.queryLong("select count(*) from widget_projection where event_id = ?", id) == 1);
    }
}
