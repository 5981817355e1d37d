package io.hearth.platform.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which vitals make a consumer not alive, and which only not ready. */
class ConsumerVitalsTests {

    private static final Duration THRESHOLD = Duration.ofSeconds(30);

    @Test
    void aConsumerThatPollsAndHeartbeatsIsAliveAndReadyEvenWithoutPartitions() {
        ConsumerVitals vitals = new ConsumerVitals("stack-events", Optional.empty(), 0, 2, 0);
        assertThat(vitals.livenessProblem(THRESHOLD)).isEmpty();
        assertThat(vitals.readinessProblem(THRESHOLD)).isEmpty();
        assertThat(vitals.summary()).isEqualTo("OK: 0 partition(s), last poll 0 s ago, last heartbeat 2 s ago");
    }

    @Test
    void aBlockedPollingThreadOrAStoppedPollLoopIsNotAlive() {
        assertThat(new ConsumerVitals("stack-events", Optional.of("its thread died"), 0, 1, 6)
                .livenessProblem(THRESHOLD)).contains("stack-events: polling thread: its thread died");
        assertThat(new ConsumerVitals("stack-events", Optional.empty(), 45, 1, 6).livenessProblem(THRESHOLD))
                .contains("stack-events: the consumer has not polled Kafka for 45 s (threshold 30 s)");
    }

    @Test
    void noHeartbeatToTheGroupIsNotReadyButAlive() {
        ConsumerVitals vitals = new ConsumerVitals("signals", Optional.empty(), 0, 41, 6);
        assertThat(vitals.livenessProblem(THRESHOLD)).isEmpty();
        assertThat(vitals.readinessProblem(THRESHOLD)).contains(
                "signals: no heartbeat to the group coordinator for 41 s (threshold 30 s): not a group member");
        assertThat(new ConsumerVitals("signals", Optional.empty(), 0, -1, 0).readinessProblem(THRESHOLD)).isEmpty();
    }
}
