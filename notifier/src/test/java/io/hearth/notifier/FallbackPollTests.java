package io.hearth.notifier;

import static io.hearth.notifier.StackEvents.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.notifier.stream.SseClient;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The loops' last fallback: work that nothing announced (rows written straight into the database, as a replica that
 * died between its commit and its loop's step leaves them, with no {@code NOTIFY} and no wake-up in this process) is
 * found by the poll, here every two seconds ({@code hearth.notifier.idle-poll}).
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
@TestProfile(FallbackPollTests.ShortPoll.class)
class FallbackPollTests extends LoopProbes {

    /** The loops poll every two seconds. */
    public static class ShortPoll implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("hearth.notifier.idle-poll", "2s");
        }
    }

    @Test
    void aJournalRowNobodyAnnouncedReachesItsStreamAndWebhook() {
        db.execute("insert into client_stack (stack_id, tenant, stack_name, root_stack_id) values ('" + stack
                + "', 'demo', 'unannounced', '" + stack + "')");
        SseClient stream = follow("unannounced");
        subscribe("/hook");

        CloudEvent event = resource(stack, "demo", "server", "CREATE", "IN_PROGRESS");
        db.execute("insert into client_event (tenant, stack_id, root_stack_id, type, payload) values ('demo', '"
                + stack + "', '" + stack + "', '" + event.type() + "', '" + event.toJson().replace("'", "''")
                + "')");
        await().atMost(WAIT).until(() -> shownEverywhere(stream, "/hook", event));
    }

    @Test
    void aDueGroupNobodyAnnouncedIsPublished() {
        String server = UUID.randomUUID().toString();
        db.execute("insert into membership_group (group_stack_id, group_name, tenant, members, dirty_since, due_at)"
                + " values ('" + stack + "', 'group', 'demo', '{\"" + server + "\": {\"serverId\": \"" + server
                + "\", \"resourceName\": \"server-0\", \"address\": \"127.0.9.1\"}}', now(), now())");
        await().atMost(WAIT).until(() -> generations("group").size() == 1);
        MembershipChanged first = generations("group").get(0);
        assertThat(first.generation()).isEqualTo(1);
        assertThat(first.joined()).containsExactly(server);
    }

    @Test
    void aDueAlarmNobodyAnnouncedIsEvaluatedAndItsActionPosted() {
        String alarm = UUID.randomUUID().toString().replace("-", "");
        db.execute("insert into metric_sample (root_stack_id, stack_id, name, value, measured_at) values ('" + stack
                        + "', '" + stack + "', 'queue_length', 50, now() - interval '5 seconds')",
                "insert into metric_alarm (alarm_id, stack_id, root_stack_id, tenant, alarm_name, meter_name,"
                        + " statistic, period_seconds, evaluation_periods, threshold, comparison_operator,"
                        + " alarm_actions, ok_actions, insufficient_data_actions, repeat_actions, enabled, due_at)"
                        + " values ('" + alarm + "', '" + stack + "', '" + stack + "', 'demo', 'unannounced',"
                        + " 'queue_length', 'max', 60, 1, 10, 'gt', '[\"" + receiver.url("/alarm") + "\"]', '[]', '[]',"
                        + " false, true, now())");
        await().atMost(WAIT).until(() -> !receiver.calls("/alarm").isEmpty());
        assertThat(receiver.calls("/alarm").get(0).body().path("alarm_id").asText()).isEqualTo(alarm);
    }

    @Test
    void aDueActionNobodyAnnouncedIsPosted() {
        db.execute("insert into alarm_action (alarm_id, url, body, due_at) values ('unannounced', '"
                + receiver.url("/action") + "', '{\"alarm_id\": \"unannounced\"}', now())");
        await().atMost(WAIT).until(() -> !receiver.calls("/action").isEmpty());
    }
}
