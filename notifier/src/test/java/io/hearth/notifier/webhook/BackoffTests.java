package io.hearth.notifier.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BackoffTests {

    private final Backoff defaults = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(60));

    @Test
    void theNominalWaitDoublesUpToTheCap() {
        assertThat(defaults.nominal(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(defaults.nominal(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(defaults.nominal(6)).isEqualTo(Duration.ofSeconds(32));
        assertThat(defaults.nominal(7)).isEqualTo(Duration.ofSeconds(60));
        assertThat(defaults.nominal(100)).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void eachWaitIsDrawnBetweenHalfAndAllOfTheNominalOne() {
        Random random = new Random(42);
        for (int tries = 1; tries <= 12; tries++) {
            for (int draw = 0; draw < 200; draw++) {
                assertThat(defaults.after(tries, random)).isBetween(defaults.nominal(tries).dividedBy(2),
                        defaults.nominal(tries));
            }
        }
    }

    @Test
    void theDefaultTryBudgetOutlastsAReceiverDownForAMinute() {
        // 12 tries: 11 waits, each at least half its nominal value.
        Duration floor = Duration.ZERO;
        Duration ceiling = Duration.ZERO;
        for (int tries = 1; tries < 12; tries++) {
            floor = floor.plus(defaults.nominal(tries).dividedBy(2));
            ceiling = ceiling.plus(defaults.nominal(tries));
        }
        assertThat(floor).isGreaterThan(Duration.ofMinutes(1)).isEqualTo(Duration.ofMillis(181_500));
        assertThat(ceiling).isEqualTo(Duration.ofSeconds(363));
    }
}
