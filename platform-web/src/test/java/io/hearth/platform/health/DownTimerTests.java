package io.hearth.platform.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The watchdog's decision: DOWN without a break for longer than the grace. */
class DownTimerTests {

    private static final long S = Duration.ofSeconds(1).toNanos();

    @Test
    void expiresOnlyAfterTheGraceOfUninterruptedDownObservations() {
        LivenessWatchdog.DownTimer timer = new LivenessWatchdog.DownTimer(Duration.ofSeconds(60));
        assertThat(timer.expired(false, 0)).isFalse();
        assertThat(timer.expired(true, 10 * S)).isFalse();
        assertThat(timer.downFor(40 * S)).isEqualTo(Duration.ofSeconds(30));
        assertThat(timer.expired(true, 70 * S)).isFalse(); // exactly the grace
        assertThat(timer.expired(true, 71 * S)).isTrue();
    }

    @Test
    void anUpObservationStartsTheCountAgain() {
        LivenessWatchdog.DownTimer timer = new LivenessWatchdog.DownTimer(Duration.ofSeconds(60));
        assertThat(timer.expired(true, 0)).isFalse();
        assertThat(timer.expired(false, 50 * S)).isFalse();
        assertThat(timer.isDown()).isFalse();
        assertThat(timer.expired(true, 55 * S)).isFalse();
        assertThat(timer.expired(true, 100 * S)).isFalse();
        assertThat(timer.expired(true, 116 * S)).isTrue();
    }
}
