package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The engine's durable timer is woken by the wake-up times the engine sets, not by a poll: with a fallback poll of
 * ten minutes, a resource that waits two seconds resumes about two seconds after it started, even while the timer
 * sleeps until an hour-long wait of another stack.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
@TestProfile(ResourceTimerWakeUpTests.LongPoll.class)
class ResourceTimerWakeUpTests {

    /** The resource timer polls once every ten minutes only. */
    public static class LongPoll implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("hearth.deployment.timer.poll-interval", "10m");
        }
    }

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @Test
    void aShortWaitEndsOnTimeWhileTheTimerSleepsUntilALongerOne() {
        String hour = UUID.randomUUID().toString();
        driver.create(hour, plan(List.of(
                resource("slow", "OS::Heat::TestResource", "{\"value\": \"v\", \"wait_secs\": 3600}")),
                "out", "{\"get_attr\": [\"slow\", \"output\"]}"));
        await().atMost(StackDriver.WAIT).until(() -> db.queryLong(
                "select count(*) from resource_runtime where stack_id = ?::uuid and wake_at is not null", hour) == 1);

        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("short", "OS::Heat::TestResource", "{\"value\": \"late\", \"wait_secs\": 2}")),
                "out", "{\"get_attr\": [\"short\", \"output\"]}"));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        List<CloudEvent> events = driver.all(id);
        assertThat(driver.log(id)).containsExactly("stack CREATE_IN_PROGRESS", "short CREATE_IN_PROGRESS",
                "short CREATE_COMPLETE", "stack CREATE_COMPLETE");
        Duration waited = Duration.between(events.get(1).time(), events.get(2).time());
        assertThat(waited).isGreaterThanOrEqualTo(Duration.ofSeconds(2)).isLessThan(Duration.ofSeconds(8));
        assertThat(driver.outputs(id).get("out").asText()).isEqualTo("late");
        assertThat(driver.statesOf(hour, "slow")).containsExactly("CREATE_IN_PROGRESS");
    }
}
