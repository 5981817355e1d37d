package io.hearth.notifier.alarms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.metric.v1.AlarmStateChanged;
import io.hearth.contracts.metric.v1.MetricAlarmDefined;
import io.hearth.contracts.metric.v1.MetricAlarmDeleted;
import io.hearth.contracts.metric.v1.MetricReported;
import io.hearth.contracts.metric.v1.MetricReported.Sample;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.MetricsPage;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * KPI alarms through the real broker and database: definitions and samples on {@code hearth.metrics} as
 * deployment-service and the signal gateway publish them, actions POSTed to a local receiver, state changes on
 * {@code hearth.stack.events}. Each test uses a stack tree of its own.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class AlarmTests {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @RegisterExtension
    final ActionReceiver receiver = new ActionReceiver();

    private final TestDatabase db = TestDatabase.schema("notifier");
    private final String root = UUID.randomUUID().toString();
    private final String alarmId = UUID.randomUUID().toString().replace("-", "");
    private KafkaCompanion kafka;
    private ConsumerTask<String, String> stackEvents;

    @BeforeEach
    void open() {
        kafka = new KafkaCompanion(ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class));
        stackEvents = kafka.consumeStrings().fromTopics(Topics.STACK_EVENTS);
    }

    @AfterEach
    void close() {
        stackEvents.close();
        kafka.close();
    }

    @Test
    void anAlarmCrossingItsThresholdForItsPeriodsFiresOnceAndGoesBackToOkWhenTheValuesDrop() {
        MetricsPage before = MetricsPage.scrape();
        define(List.of(receiver.url("/scale-out")), List.of(receiver.url("/calm")), false);

        pushUntil(90, "workers", () -> !receiver.calls("/scale-out").isEmpty());
        AlarmStateChanged alarmed = awaitStates(1).get(0);
        // The alarms by state (refreshed every 200 ms in tests) and the evaluations that decided it.
        await().atMost(WAIT).untilAsserted(() -> {
            MetricsPage after = MetricsPage.scrape();
            assertThat(after.value("hearth_alarms{state=\"alarm\"}")).hasValueSatisfying(
                    alarms -> assertThat(alarms).isGreaterThanOrEqualTo(1));
            assertThat(after.increaseSince(before, "hearth_alarms_evaluations_total{outcome=\"ok\"}"))
                    .isGreaterThanOrEqualTo(1);
            assertThat(after.text()).doesNotContain(alarmId).doesNotContain(root);
        });
        assertThat(alarmed).extracting(AlarmStateChanged::stackId, AlarmStateChanged::rootStackId,
                AlarmStateChanged::tenant, AlarmStateChanged::alarmId, AlarmStateChanged::alarmName,
                AlarmStateChanged::previous, AlarmStateChanged::state, AlarmStateChanged::value)
                .containsExactly(root, root, "demo", alarmId, "queue_high", "insufficient data", "alarm", 90.0);
        assertThat(alarmed.reason()).isEqualTo("Transition to alarm due to 2 samples outside threshold, most recent: "
                + "90.0");
        ActionReceiver.Call call = receiver.calls("/scale-out").get(0);
        assertThat(call.body().path("alarm_name").asText()).isEqualTo("queue_high");
        assertThat(call.body().path("alarm_id").asText()).isEqualTo(alarmId);
        assertThat(call.body().path("previous").asText()).isEqualTo("insufficient data");
        assertThat(call.body().path("current").asText()).isEqualTo("alarm");
        assertThat(call.body().path("reason").asText()).isEqualTo(alarmed.reason());

        // Staying in alarm for three more periods: no repeat_actions, so no second POST and no second event.
        Instant until = Instant.now().plusSeconds(3);
        pushUntil(95, "workers", () -> Instant.now().isAfter(until));
        assertThat(receiver.calls("/scale-out")).hasSize(1);
        assertThat(states()).hasSize(1);

        // The values drop; another group's high samples on the same metric do not count.
        pushUntil(10, "workers", () -> {
            push(99, "other");
            return !receiver.calls("/calm").isEmpty();
        });
        AlarmStateChanged calmed = awaitStates(2).get(1);
        assertThat(calmed.previous()).isEqualTo("alarm");
        assertThat(calmed.state()).isEqualTo("ok");
        assertThat(calmed.reason()).isEqualTo("Transition to ok due to 2 samples inside threshold, most recent: 10.0");
        assertThat(receiver.calls("/scale-out")).hasSize(1);
        assertThat(receiver.calls("/calm")).hasSize(1);

        publish(CloudEvent.of("/hearth/deployment-service", root, new MetricAlarmDeleted(root, root, alarmId)));
        await().atMost(WAIT).until(() -> db.queryLong("select count(*) from metric_alarm where alarm_id = ?",
                alarmId) == 0);
    }

    @Test
    void anActionThatFailsIsTriedAgainUpToItsLastTryAndRepeatActionsFireEachPeriod() {
        define(List.of(receiver.url("/failing/scale-out")), List.of(), true);

        pushUntil(90, "workers", () -> receiver.calls("/failing/scale-out").size() >= 6);
        assertThat(states()).extracting(AlarmStateChanged::state).containsExactly("alarm");
        // Each evaluation in alarm writes one action (repeat_actions); each is tried at most 5 times.
        long tries = receiver.calls("/failing/scale-out").size();
        assertThat(tries).isGreaterThanOrEqualTo(6);
        assertThat(receiver.calls("/failing/scale-out")).extracting(c -> c.body().path("current").asText())
                .containsOnly("alarm");
    }

    @Test
    void anAlarmWithoutGroupCountsTheSamplesOfTheWholeStackTree() {
        String nested = UUID.randomUUID().toString();
        publish(CloudEvent.of("/hearth/deployment-service", root, new MetricAlarmDefined(root, root, "demo", alarmId,
                "busiest", "queue_length", "max", 1, 1, 100, "ge", List.of(receiver.url("/many")), List.of(),
                List.of(), false, true, null, null)));

        // Only the samples of a server in no group (in a nested stack) reach 100; a group member's stay at 1.
        await().atMost(WAIT).pollInterval(Duration.ofMillis(250)).until(() -> {
            Instant now = Instant.now();
            publish(CloudEvent.of("/hearth/signal-gateway", nested, new MetricReported(nested, root, null,
                    List.of(new Sample("queue_length", 100, now, null)), now)));
            push(1, "workers");
            return !receiver.calls("/many").isEmpty();
        });
        assertThat(awaitStates(1).get(0).state()).isEqualTo("alarm");
        assertThat(awaitStates(1).get(0).value()).isEqualTo(100.0);
    }

    @Test
    void aSinglePushThatLandsLateIsStillCountedInItsPeriod() {
        publish(CloudEvent.of("/hearth/deployment-service", root, new MetricAlarmDefined(root, root, "demo", alarmId,
                "late", "queue_length", "max", 1, 1, 10, "gt", List.of(receiver.url("/late")), List.of(), List.of(),
                false, true, root, "workers")));
        await().atMost(WAIT).until(() -> db.queryLong("select count(*) from metric_alarm where alarm_id = ?",
                alarmId) == 1);

        // One sample, measured a second before it reaches Kafka: its 1 s period has passed when it lands.
        Instant measured = Instant.now().minusSeconds(1);
        publish(CloudEvent.of("/hearth/signal-gateway", root, new MetricReported(root, root, "workers",
                List.of(new Sample("queue_length", 50, measured, null)), measured)));

        await().atMost(WAIT).until(() -> !receiver.calls("/late").isEmpty());
        assertThat(awaitStates(1).get(0).value()).isEqualTo(50.0);
    }

    @Test
    void aScopeThatCannotBeEvaluatedStopsNoOtherAlarmAndAnAbsurdValueIsNeverKept() {
        // A push as a hostile tenant sent it before the gateway bounded values: the absurd sample is dropped.
        String hostile = UUID.randomUUID().toString();
        Instant now = Instant.now();
        publish(CloudEvent.of("/hearth/signal-gateway", hostile, new MetricReported(hostile, hostile, null,
                List.of(new Sample("m", 1e200, now, null), new Sample("m", 1, now, null)), now)));
        await().atMost(WAIT).until(() -> db.queryLong("select count(*) from metric_sample where root_stack_id = ?",
                hostile) == 1);
        assertThat(db.queryLong("select count(*) from metric_sample where root_stack_id = ? and value = 1",
                hostile)).isOne();
        // An alarm whose evaluation fails each time (a statistic no query answers), due first in every step.
        String broken = UUID.randomUUID().toString().replace("-", "");
        db.execute("insert into metric_alarm (alarm_id, stack_id, root_stack_id, tenant, alarm_name, meter_name,"
                + " statistic, period_seconds, evaluation_periods, threshold, comparison_operator, alarm_actions,"
                + " ok_actions, insufficient_data_actions, repeat_actions, enabled, due_at) values ('" + broken
                + "', '" + hostile + "', '" + hostile + "', 'other', 'broken', 'm', 'bogus', 1, 1, 0, 'gt', '[]',"
                + " '[]', '[]', false, true, now() - interval '1 hour')");
        try {
            define(List.of(receiver.url("/isolated")), List.of(), false);
            pushUntil(90, "workers", () -> !receiver.calls("/isolated").isEmpty());
            assertThat(awaitStates(1).get(0).state()).isEqualTo("alarm");
            // The broken one keeps its state and waits for its next period instead of being claimed every step.
            assertThat(db.queryLong("select count(*) from metric_alarm where alarm_id = ? and state ="
                    + " 'insufficient data' and due_at > now() - interval '5 seconds'", broken)).isOne();
        } finally {
            db.execute("delete from metric_alarm where alarm_id = '" + broken + "'");
        }
    }

    private void define(List<String> alarmActions, List<String> okActions, boolean repeat) {
        publish(CloudEvent.of("/hearth/deployment-service", root, new MetricAlarmDefined(root, root, "demo", alarmId,
                "queue_high", "queue_length", "avg", 1, 2, 50, "gt", alarmActions, okActions, List.of(), repeat,
                true, root, "workers")));
    }

    /** Pushes {@code value} for the group every 200 ms until {@code done}. */
    private void pushUntil(double value, String group, BooleanSupplier done) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> {
            push(value, group);
            return done.getAsBoolean();
        });
    }

    private void push(double value, String group) {
        Instant now = Instant.now();
        publish(CloudEvent.of("/hearth/signal-gateway", root, new MetricReported(root, root, group,
                List.of(new Sample("queue_length", value, now, "jobs")), now)));
    }

    private void publish(CloudEvent event) {
        kafka.produceStrings().fromRecords(List.of(new ProducerRecord<>(Topics.METRICS, root, event.toJson())))
                .awaitCompletion();
    }

    private List<AlarmStateChanged> awaitStates(int count) {
        await().atMost(WAIT).until(() -> states().size() >= count);
        return states();
    }

    private List<AlarmStateChanged> states() {
        return stackEvents.getRecords().stream().filter(r -> root.equals(r.key()))
                .flatMap(r -> CloudEvent.parseAll(r.value()).stream()).filter(e -> AlarmStateChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(AlarmStateChanged.class)).toList();
    }
}
