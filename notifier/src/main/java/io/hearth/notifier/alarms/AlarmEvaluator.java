package io.hearth.notifier.alarms;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.metric.v1.AlarmStateChanged;
import io.hearth.notifier.config.NotifierConfig;
import io.hearth.platform.outbox.ContextLoop;
import io.hearth.platform.outbox.DueRows;
import io.hearth.platform.outbox.Outbox;
import io.hearth.platform.outbox.OutboxEvent;
import io.hearth.platform.outbox.OutboxWriter;
import io.hearth.platform.sql.ColumnArrays;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;
import io.hearth.contracts.metric.v1.MetricReported;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The durable timer that evaluates the enabled alarms, each every period: a step claims the alarms whose
 * {@code due_at} has come with {@code FOR UPDATE SKIP LOCKED} (replicas share them, none is evaluated twice), reads each
 * one's statistic per period over its last {@code evaluation_periods} periods from the samples its scope pushed (its
 * group's members, or the whole stack tree), decides as Aodh ({@link AlarmState}), and in the same transaction stores
 * the state, writes {@code AlarmStateChanged} to the outbox on a change (key: the stack tree), writes the actions to
 * POST ({@link AlarmActions} sends them) and sets the next {@code due_at}. A killed notifier loses nothing: what was due
 * is evaluated by the next one. Woken by its replica's {@code hearth.metrics} consumer (a definition or samples
 * committed); otherwise it sleeps until the earliest {@code due_at}, at most {@code hearth.notifier.idle-poll}.
 * Samples past the retention are deleted at most once a minute, in a step with nothing due.
 */
@ApplicationScoped
public class AlarmEvaluator {

    private static final Logger LOG = Logger.getLogger(AlarmEvaluator.class);

    /** The wait after a failed step. */
    static final Duration FAILURE_DELAY = Duration.ofSeconds(1);
    /** How many alarms one step claims. */
    static final int BATCH = 64;
    private static final long SWEEP_MILLIS = 60_000;

    private final Pool pool;
    private final Outbox outbox;
    private final OutboxWriter writer;
    private final AlarmActions actions;
    private final NotifierConfig.Alarms config;
    private final ContextLoop<Duration> loop;
    private final Duration idlePoll;
    private final AtomicLong nextSweep = new AtomicLong();
    /** Whether the step under way wrote actions: the actions' loop is woken once it committed. */
    private final AtomicBoolean wroteActions = new AtomicBoolean();
    private final String claim;
    private final String statistics;
    private final String store;
    private final String insertActions;
    private final String nextDue;
    private final String sweep;

    private final Counter evaluated;
    private final Counter failed;

    public AlarmEvaluator(Pool pool, Outbox outbox, OutboxWriter writer, AlarmActions actions, NotifierConfig config,
            Vertx vertx, MeterRegistry registry,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        this.evaluated = evaluations(registry, "ok");
        this.failed = evaluations(registry, "failed");
        this.outbox = outbox;
        this.writer = writer;
        this.actions = actions;
        this.config = config.alarms();
        this.idlePoll = config.idlePoll();
        this.claim = "select alarm_id, stack_id, root_stack_id, tenant, alarm_name, meter_name, statistic,"
                + " period_seconds, evaluation_periods, threshold, comparison_operator, alarm_actions::text as alarm_actions,"
                + " ok_actions::text as ok_actions, insufficient_data_actions::text as insufficient_data_actions,"
                + " repeat_actions, group_stack_id, group_name, state, due_at from " + schema + ".metric_alarm"
                + " where due_at <= $1 order by due_at limit " + BATCH + " for update skip locked";
        // Period i (0: the most recent) holds the samples measured in (now - (i + 1) * period, now - i * period].
        this.statistics = "select floor(extract(epoch from ($1 - measured_at)) / $2)::int as period_index,"
                + " avg(value) as avg, sum(value) as sum, min(value) as min, max(value) as max, count(*) as count"
                + " from " + schema + ".metric_sample where root_stack_id = $3 and name = $4"
                + " and measured_at > $1 - $2 * $5 * interval '1 second' and measured_at <= $1"
                + " and ($6::text is null or (stack_id = $7 and group_name = $6))"
                // Only bounded values count (as MetricsHandler keeps them), so sum and avg never overflow.
                + " and abs(value) <= " + MetricReported.Sample.MAX_MAGNITUDE + " group by period_index";
        this.store = "update " + schema + ".metric_alarm set state = $2, state_reason = coalesce($3, state_reason),"
                + " due_at = $4 where alarm_id = $1";
        this.insertActions = "insert into " + schema + ".alarm_action (alarm_id, url, body, due_at)"
                + " values ($1, $2, cast(cast($3 as text) as jsonb), $4)";
        this.nextDue = "select min(due_at) as next from " + schema + ".metric_alarm where due_at is not null";
        this.sweep = "delete from " + schema + ".metric_sample where measured_at < $1";
        this.loop = new ContextLoop<>("alarm evaluator", vertx, this::runOnce, delay -> delay, FAILURE_DELAY);
    }

    /** {@code hearth.alarms.evaluations}: alarm evaluations by outcome (ok: a state decided; failed: kept as it was). */
    private static Counter evaluations(MeterRegistry registry, String outcome) {
        return Counter.builder("hearth.alarms.evaluations").tag("outcome", outcome)
                .description("Alarm evaluations by outcome").register(registry);
    }

    void onStart(@Observes StartupEvent event) {
        loop.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        loop.stop();
    }

    /** Asks for a step now (definitions changed). Safe from any thread. */
    public void wakeUp() {
        loop.wakeUp();
    }

    /** Evaluates the alarms that are due; how long to sleep before the next step. */
    Uni<Duration> runOnce() {
        return DueRows.step(pool, claim, nextDue, idlePoll, this::evaluate, (connection, none, now) -> sweep(connection,
                now)).invoke(() -> {
                    // after the commit: woken earlier, the actions' loop would find no row and sleep its idle poll
                    if (wroteActions.getAndSet(false)) {
                        actions.wakeUp();
                    }
                });
    }

    private Uni<Void> evaluate(SqlConnection connection, List<Row> due, Instant now) {
        List<OutboxEvent> events = new ArrayList<>();
        List<Tuple> stores = new ArrayList<>();
        List<Tuple> posts = new ArrayList<>();
        Instant end = now.minus(config.evaluationDelay());
        return Multi.createFrom().iterable(due)
                .onItem().transformToUniAndConcatenate(alarm -> periods(alarm, end)
                        .invoke(stats -> decide(alarm, stats, now, events, stores, posts))
                        .invoke(() -> evaluated.increment())
                        .onFailure().recoverWithItem(error -> {
                            failed.increment();
                            // One alarm's failure is its own: it keeps its state until its next period, and the
                            // others of the step are evaluated.
                            LOG.warnf(error, "alarm %s of stack %s could not be evaluated; it keeps its state",
                                    alarm.getString("alarm_id"), alarm.getString("root_stack_id"));
                            stores.add(Tuple.of(alarm.getString("alarm_id"), alarm.getString("state"), null,
                                    ColumnArrays.time(nextDue(alarm, now))));
                            return null;
                        }))
                .collect().last()
                .chain(() -> writer.write(connection, events))
                .chain(() -> connection.preparedQuery(store).executeBatch(stores))
                .chain(() -> posts.isEmpty() ? Uni.createFrom().voidItem()
                        : connection.preparedQuery(insertActions).executeBatch(posts).replaceWithVoid())
                .invoke(() -> {
                    if (!posts.isEmpty()) {
                        wroteActions.set(true);
                    }
                });
    }

    /**
     * The alarm's statistic in each of its periods ending at {@code end}, oldest first, null for a period without
     * samples. {@code end} lags the evaluation by the configured delay, so a sample still on its way through
     * {@code hearth.metrics} is counted by the evaluation after it lands rather than falling between two windows.
     */
    private Uni<List<Double>> periods(Row alarm, Instant end) {
        int count = alarm.getInteger("evaluation_periods");
        String statistic = alarm.getString("statistic");
        // Read outside the step's transaction, so that a failing read cannot abort the other alarms' writes.
        return pool.preparedQuery(statistics).execute(Tuple.from(Arrays.asList(ColumnArrays.time(end),
                alarm.getInteger("period_seconds"), alarm.getString("root_stack_id"), alarm.getString("meter_name"),
                count, alarm.getString("group_name"), alarm.getString("group_stack_id")))).map(rows -> {
                    Double[] values = new Double[count];
                    for (Row row : rows) {
                        int index = row.getInteger("period_index");
                        if (index >= 0 && index < count) {
                            values[count - 1 - index] = row.getDouble(statistic);
                        }
                    }
                    return Arrays.asList(values);
                });
    }

    private void decide(Row alarm, List<Double> stats, Instant now, List<OutboxEvent> events, List<Tuple> stores,
            List<Tuple> posts) {
        String previous = alarm.getString("state");
        AlarmState.Outcome outcome = AlarmState.evaluate(previous, stats, alarm.getDouble("threshold"),
                alarm.getString("comparison_operator"), alarm.getBoolean("repeat_actions"));
        String id = alarm.getString("alarm_id");
        String root = alarm.getString("root_stack_id");
        if (!outcome.state().equals(previous)) {
            String stackId = alarm.getString("stack_id");
            events.add(outbox.row("alarm", root, stackId, new AlarmStateChanged(stackId, root,
                    alarm.getString("tenant"), id, alarm.getString("alarm_name"), previous, outcome.state(),
                    outcome.reason(), outcome.value(), now)));
        }
        if (outcome.fire()) {
            String body = body(alarm, previous, outcome);
            for (Object url : new JsonArray(alarm.getString(actionsOf(outcome.state())))) {
                posts.add(Tuple.of(id, url.toString(), body, ColumnArrays.time(now)));
            }
        }
        stores.add(Tuple.of(id, outcome.state(), outcome.reason(), ColumnArrays.time(nextDue(alarm, now))));
    }

    /** When the alarm is evaluated next: one period after this evaluation was due, or one after now if later. */
    private static Instant nextDue(Row alarm, Instant now) {
        Instant next = alarm.getOffsetDateTime("due_at").toInstant().plusSeconds(alarm.getInteger("period_seconds"));
        return next.isAfter(now) ? next : now.plusSeconds(alarm.getInteger("period_seconds"));
    }

    private static String actionsOf(String state) {
        switch (state) {
            case AlarmState.ALARM:
                return "alarm_actions";
            case AlarmState.OK:
                return "ok_actions";
            default:
                return "insufficient_data_actions";
        }
    }

    /** Aodh's REST notifier body. */
    private static String body(Row alarm, String previous, AlarmState.Outcome outcome) {
        ObjectNode body = HearthJson.mapper().createObjectNode();
        body.put("alarm_name", alarm.getString("alarm_name"));
        body.put("alarm_id", alarm.getString("alarm_id"));
        body.put("severity", "low");
        body.put("previous", previous);
        body.put("current", outcome.state());
        body.put("reason", outcome.reason());
        ObjectNode data = body.putObject("reason_data");
        data.put("type", "threshold");
        if (outcome.value() == null) {
            data.putNull("most_recent");
        } else {
            data.put("most_recent", outcome.value());
        }
        return HearthJson.write(body);
    }

    private Uni<Void> sweep(SqlConnection connection, Instant now) {
        long due = nextSweep.get();
        if (now.toEpochMilli() < due || !nextSweep.compareAndSet(due, now.toEpochMilli() + SWEEP_MILLIS)) {
            return Uni.createFrom().voidItem();
        }
        return connection.preparedQuery(sweep).execute(Tuple.of(ColumnArrays.time(now.minus(config.sampleRetention()))))
                .replaceWithVoid();
    }
}
