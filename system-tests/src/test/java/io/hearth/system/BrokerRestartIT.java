package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.RestAssured;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Kafka broker stopped in the middle of a stack of 200 deployments and started again: every service
 * says it is not ready while the broker is away and ready once it is back, and the stack completes with
 * every deployment run exactly once, nothing lost ({@link LayeredStackRun}).
 */
class BrokerRestartIT {

    private static final List<Integer> SERVICES = Stream.of(8004, 8005, 8006, 8007).map(LocalSystem::port)
            .toList();

    @BeforeAll
    static void system() {
        LocalSystem.up();
        LocalSystem.withoutLocalCompute(); // SimulatedCompute plays the driver and the agents
    }

    @Test
    void aStackOf200DeploymentsCompletesWithEachDeploymentRunOnceAcrossABrokerRestart() {
        LayeredStackRun.survives("broker", 50, () -> {
            long stoppedAt = System.nanoTime();
            long pid = LocalSystem.stopKafka();
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
                    .untilAsserted(() -> assertThat(SERVICES).allSatisfy(port ->
                            assertThat(ready(port)).as("readiness of :" + port + " with the broker away").isEqualTo(503)));
            double down = (System.nanoTime() - stoppedAt) / 1e9;
            LocalSystem.startMissing(); // deploy/up starts the broker again and waits for every service to be ready
            assertThat(SERVICES).allSatisfy(port ->
                    assertThat(ready(port)).as("readiness of :" + port + " with the broker back").isEqualTo(200));
            return String.format("Kafka (pid %d) stopped, every service not ready within %.1f s, started again after"
                    + " %.1f s", pid, down, (System.nanoTime() - stoppedAt) / 1e9);
        });
    }

    private static int ready(int port) {
        return RestAssured.given().baseUri("http://127.0.0.1:" + port).get("/q/health/ready").statusCode();
    }
}
