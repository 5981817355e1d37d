package io.hearth.notifier;

import static io.hearth.notifier.StackEvents.resource;
import static io.hearth.notifier.StackEvents.stackStatus;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.metric.v1.MetricAlarmDefined;
import io.hearth.contracts.metric.v1.MetricReported;
import io.hearth.contracts.metric.v1.MetricReported.Sample;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.notifier.membership.LifecycleBroker;
import io.hearth.notifier.stream.SseClient;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every loop of the notifier is woken by what gives it work, not by its poll: in tests the loops look by themselves
 * once in ten minutes ({@code %test.hearth.notifier.idle-poll}), yet each answers in seconds. The stream tail and the
 * webhook dispatcher are woken by the journal's {@code NOTIFY}, the membership publisher by its consumers and the due
 * time it reads, the alarm evaluator by its consumer and its alarms' periods, the alarm actions by the evaluator.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class WakeUpTests extends LoopProbes {

    /** Far less than the poll, enough for a loaded machine. */
    private static final Duration SOON = Duration.ofSeconds(5);

    @Test
    void aStackEventReachesItsStreamAndWebhookAtOnce() {
        broker.publish(Topics.STACK_EVENTS, stackStatus(stack, "demo", "woken", "IN_PROGRESS"));
        SseClient stream = follow("woken");
        subscribe("/hook");

        CloudEvent event = resource(stack, "demo", "server", "CREATE", "IN_PROGRESS");
        broker.publish(Topics.STACK_EVENTS, event);
        await().atMost(SOON).until(() -> shownEverywhere(stream, "/hook", event));
    }

    @Test
    void aGroupsChangeIsPublishedOnceItsWindowPassed() {
        String server = UUID.randomUUID().toString();
        lifecycle.publish(List.of(LifecycleBroker.change(server, stack, "group", server, "CREATE_IN_PROGRESS",
                "CREATE_COMPLETE")));
        await().atMost(SOON).until(() -> generations("group").size() == 1);
        assertThat(generations("group").get(0).joined()).containsExactly(server);
    }

    @Test
    void aHeldGroupIsPublishedWhenItsActionEndsNotWhenItsHoldDoes() {
        String server = UUID.randomUUID().toString();
        broker.publish(Topics.STACK_EVENTS, group("UPDATE", "IN_PROGRESS"));
        await().atMost(WAIT).until(() -> db.queryLong("select count(*) from membership_group where group_stack_id = ?"
                + " and acting", stack) == 1);
        lifecycle.publish(List.of(LifecycleBroker.change(server, stack, "group", server, "CREATE_IN_PROGRESS",
                "CREATE_COMPLETE")));
        // Held while the group acts (the hold is 5 s in tests)...
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(2))
                .until(() -> generations("group").isEmpty());
        Instant ended = Instant.now();
        broker.publish(Topics.STACK_EVENTS, group("UPDATE", "COMPLETE"));
        // ... and published as soon as its action ended, well before the hold would have let it go.
        await().atMost(Duration.ofSeconds(3)).until(() -> generations("group").size() == 1);
        assertThat(Duration.between(ended, Instant.now())).isLessThan(Duration.ofSeconds(3));
        MembershipChanged first = generations("group").get(0);
        assertThat(first.joined()).containsExactly(server);
    }

    @Test
    void anAlarmFiresAndItsActionIsPostedAtOnce() {
        String alarm = UUID.randomUUID().toString().replace("-", "");
        broker.publish(Topics.METRICS, CloudEvent.of("/hearth/deployment-service", stack, new MetricAlarmDefined(
                stack, stack, "demo", alarm, "woken", "queue_length", "max", 1, 1, 10, "gt",
                List.of(receiver.url("/alarm")), List.of(), List.of(), false, true, null, null)));
        await().atMost(SOON).until(() -> db.queryLong("select count(*) from metric_alarm where alarm_id = ?",
                alarm) == 1);

        // measured a second ago: its 1 s period has passed; the evaluation lags 2 s (evaluation-delay)
        Instant measured = Instant.now().minusSeconds(1);
        broker.publish(Topics.METRICS, CloudEvent.of("/hearth/signal-gateway", stack, new MetricReported(stack, stack,
                null, List.of(new Sample("queue_length", 50, measured, null)), measured)));
        await().atMost(SOON).until(() -> !receiver.calls("/alarm").isEmpty());
        assertThat(receiver.calls("/alarm").get(0).body().path("current").asText()).isEqualTo("alarm");
    }

    /** The group resource's own status event, as deployment-service writes it. */
    private CloudEvent group(String action, String status) {
        return CloudEvent.of("/hearth/deployment-service", stack, new ResourceStatusChanged(stack, "demo", "group",
                null, "OS::Heat::AutoScalingGroup", action, status, "state changed", null));
    }
}
