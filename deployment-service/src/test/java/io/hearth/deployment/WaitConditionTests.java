package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.signal.v1.WaitConditionSignalled;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * OS::Heat::WaitConditionHandle and OS::Heat::WaitCondition over the real topics and database: signals from the
 * gateway's pre-signed URL ({@code WaitConditionSignalled} on {@code hearth.signals}) and from Heat's resource
 * signal API (a {@code SIGNAL} stack command) reach the handle through the engine's door; the condition completes
 * with {@code count} SUCCESS signals, fails on a FAILURE and when its timeout passes, with Heat's reasons.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class WaitConditionTests {

    private static final String GATEWAY = "/hearth/signal-gateway";

    @Inject
    PresignedUrls urls;

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    /** A handle, a wait condition on it, and a value fed by the condition's data (an output too). */
    private static StackPlan waitFor(int count, int timeout) {
        return plan(List.of(
                resource("handle", "OS::Heat::WaitConditionHandle", null),
                resource("wait", "OS::Heat::WaitCondition", """
                        {"handle": {"get_resource": "handle"}, "count": %d, "timeout": %d}""".formatted(count, timeout),
                        "handle"),
                resource("after", "OS::Heat::Value", "{\"value\": {\"get_attr\": [\"wait\", \"data\"]}}", "wait")),
                "data", "{\"get_attr\": [\"after\", \"value\"]}",
                "curl_cli", "{\"get_attr\": [\"handle\", \"curl_cli\"]}");
    }

    @Test
    void aConditionOfCountTwoCompletesWithTheSecondDistinctSignalAndItsDataIsJsonOfIdToData() {
        String id = UUID.randomUUID().toString();
        driver.create(id, waitFor(2, 600));
        ResourceStatusChanged handle = awaitResource(id, "handle", "CREATE_COMPLETE");
        awaitResource(id, "wait", "CREATE_IN_PROGRESS");

        // The handle's attributes: one pre-signed gateway URL, no token.
        String endpoint = handle.attributes().get("endpoint").asText();
        URI uri = URI.create(endpoint);
        assertThat(uri.getPath()).isEqualTo("/v1/signal/trees/" + id + "/stacks/" + id + "/wait-conditions/handle");
        assertThat(urls.verify("POST", uri.getRawPath(), uri.getRawQuery())).isEqualTo(PresignedUrls.Verification.OK);
        assertThat(handle.attributes().get("curl_cli").asText()).isEqualTo("curl -i -X POST -H 'Content-Type: "
                + "application/json' -H 'Accept: application/json' '" + endpoint + "'");
        assertThat(handle.attributes().get("signal").asText()).isEqualTo("{\"alarm_url\": \"" + endpoint + "\"}");
        assertThat(handle.attributes().get("token").isNull()).isTrue();
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid and name = 'handle'"
                + " and id::text = ?", id, handle.physicalResourceId())).isOne();

        // Two signals with one id: the second replaces the first, so one is counted.
        CloudEvent first = signal(id, "web-1", "SUCCESS", "first", "\"one\"");
        CloudEvent again = signal(id, "web-1", "SUCCESS", "again", "\"uno\"");
        await().atMost(WAIT).until(() -> processed(first) && processed(again));
        assertThat(driver.statesOf(id, "wait")).containsExactly("CREATE_IN_PROGRESS");

        // The second, through Heat's resource signal API, without an id: Heat numbers it (2) and defaults the rest.
        driver.send(id, new StackActionRequested(id, "demo", "s-" + id, StackActionRequested.SIGNAL, "handle", null,
                HearthJson.readTree("{\"data\": {\"ip\": \"10.0.0.7\"}}")));

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.statesOf(id, "wait")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        String data = "{\"web-1\": \"uno\", \"2\": {\"ip\": \"10.0.0.7\"}}";
        assertThat(resourceAttributes(id, "wait").get("data").asText()).isEqualTo(data);
        assertThat(statuses.get(statuses.size() - 1).outputs().get("data").asText()).isEqualTo(data);
        assertThat(statuses.get(statuses.size() - 1).outputs().get("curl_cli").asText()).contains(endpoint);
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid"
                + " and wake_at is not null", id)).isZero();
    }

    @Test
    void aFailureSignalFailsTheConditionWithItsReasonAndTheStack() {
        String id = UUID.randomUUID().toString();
        driver.create(id, waitFor(2, 600));
        awaitResource(id, "wait", "CREATE_IN_PROGRESS");

        signal(id, null, "SUCCESS", null, null);
        signal(id, "db", "FAILURE", "database did not start", null);

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        String reason = "WaitConditionFailure: resources.wait: database did not start";
        assertThat(awaitResource(id, "wait", "CREATE_FAILED").statusReason()).isEqualTo(reason);
        assertThat(statuses.get(statuses.size() - 1).statusReason()).isEqualTo("Resource CREATE failed: " + reason);
        assertThat(driver.statesOf(id, "after")).isEmpty();
    }

    @Test
    void aConditionNotSignalledEnoughWithinItsTimeoutFailsWithHeatsCountAndReasons() {
        String id = UUID.randomUUID().toString();
        driver.create(id, waitFor(2, 3));
        awaitResource(id, "wait", "CREATE_IN_PROGRESS");
        signal(id, null, "SUCCESS", "one is up", null);

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        String reason = "WaitConditionTimeout: resources.wait: 1 of 2 received - one is up";
        assertThat(awaitResource(id, "wait", "CREATE_FAILED").statusReason()).isEqualTo(reason);
        assertThat(statuses.get(statuses.size() - 1).statusReason()).isEqualTo("Resource CREATE failed: " + reason);
    }

    @Test
    void signalsThatCameBeforeTheConditionStartedCountAndAHandleThatIsNoHandleFailsAsInHeat() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("handle", "OS::Heat::WaitConditionHandle", null),
                resource("slow", "OS::Heat::TestResource", "{\"wait_secs\": 2}"),
                resource("wait", "OS::Heat::WaitCondition",
                        "{\"handle\": {\"get_resource\": \"handle\"}, \"timeout\": 600}", "handle", "slow"),
                resource("other", "OS::Heat::Value", "{\"value\": 1}"),
                resource("bad", "OS::Heat::WaitCondition",
                        "{\"handle\": {\"get_resource\": \"other\"}, \"timeout\": 600}", "other", "wait"))));
        awaitResource(id, "handle", "CREATE_COMPLETE");
        CloudEvent early = signal(id, null, "SUCCESS", null, "\"early\"");
        await().atMost(WAIT).until(() -> processed(early));

        driver.awaitStatus(id, "CREATE_FAILED");
        assertThat(driver.statesOf(id, "wait")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(resourceAttributes(id, "wait").get("data").asText()).isEqualTo("{\"1\": \"early\"}");
        assertThat(awaitResource(id, "bad", "CREATE_FAILED").statusReason())
                .isEqualTo("ValueError: resources.bad: other is not a valid wait condition handle.");
    }

    /** What the gateway publishes for a call of the handle's URL. */
    private CloudEvent signal(String stackId, String signalId, String status, String reason, String data) {
        WaitConditionSignalled signal = new WaitConditionSignalled(stackId, "handle", signalId, status, reason,
                data == null ? null : HearthJson.readTree(data), Instant.now());
        CloudEvent event = CloudEvent.of(GATEWAY, stackId, signal);
        driver.publish(Topics.SIGNALS, stackId, event.toJson());
        return event;
    }

    private ResourceStatusChanged awaitResource(String stackId, String name, String state) {
        return await().atMost(WAIT).until(() -> driver.resources(stackId).stream()
                .filter(r -> r.resourceName().equals(name) && (r.action() + "_" + r.status()).equals(state))
                .findFirst().orElse(null), r -> r != null);
    }

    private Map<String, JsonNode> resourceAttributes(String stackId, String name) {
        return awaitResource(stackId, name, "CREATE_COMPLETE").attributes();
    }

    private boolean processed(CloudEvent event) {
        return db.queryLong("select count(*) from processed_event where event_id = ?", event.id()) == 1;
    }
}
