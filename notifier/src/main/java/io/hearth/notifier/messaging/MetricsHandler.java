package io.hearth.notifier.messaging;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.metric.v1.MetricAlarmDefined;
import io.hearth.contracts.metric.v1.MetricAlarmDeleted;
import io.hearth.contracts.metric.v1.MetricReported;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * Keeps the alarm definitions and the pushed samples from {@code hearth.metrics}, inside the processor's transaction.
 * A definition replaces the alarm's earlier one and keeps its state; a new enabled alarm is first evaluated one period
 * after it was defined, a disabled one not at all. A deleted alarm goes with its pending actions. Samples are kept
 * as pushed, with the scope their metric URL named.
 */
@ApplicationScoped
public class MetricsHandler {

    /** The event types this handler acts on. */
    public static final Set<String> TYPES = Set.of(MetricReported.TYPE, MetricAlarmDefined.TYPE,
            MetricAlarmDeleted.TYPE);

    /** The samples of one push, bound as one JSON array (read as text first: see MembershipHandler.APPLY). */
    private static final String SAMPLES = "insert into {h-schema}metric_sample"
            + " (root_stack_id, stack_id, group_name, name, value, unit, measured_at)"
            + " select :root, :stack, cast(:group as text), s.name, s.value, s.unit, s.\"timestamp\""
            + " from jsonb_to_recordset(cast(cast(:samples as text) as jsonb))"
            + " as s(name text, value double precision, unit text, \"timestamp\" timestamptz)"
            // A sample out of bounds (the gateway refuses them) is never kept: the window's sums stay finite.
            + " where abs(s.value) <= " + MetricReported.Sample.MAX_MAGNITUDE;

    private static final String DEFINE = "insert into {h-schema}metric_alarm as a (alarm_id, stack_id, root_stack_id,"
            + " tenant, alarm_name, meter_name, statistic, period_seconds, evaluation_periods, threshold,"
            + " comparison_operator, alarm_actions, ok_actions, insufficient_data_actions, repeat_actions, enabled,"
            + " group_stack_id, group_name, due_at) values (:id, :stack, :root, :tenant, :name, :meter, :statistic,"
            + " :period, :evaluations, :threshold, :operator, cast(cast(:alarmActions as text) as jsonb),"
            + " cast(cast(:okActions as text) as jsonb), cast(cast(:insufficientActions as text) as jsonb), :repeat,"
            + " :enabled, cast(:groupStack as text), cast(:group as text), case when :enabled then cast(:dueAt as timestamptz) end)"
            + " on conflict (alarm_id) do update set meter_name = excluded.meter_name, statistic = excluded.statistic,"
            + " period_seconds = excluded.period_seconds, evaluation_periods = excluded.evaluation_periods,"
            + " threshold = excluded.threshold, comparison_operator = excluded.comparison_operator,"
            + " alarm_actions = excluded.alarm_actions, ok_actions = excluded.ok_actions,"
            + " insufficient_data_actions = excluded.insufficient_data_actions,"
            + " repeat_actions = excluded.repeat_actions, enabled = excluded.enabled,"
            + " group_stack_id = excluded.group_stack_id, group_name = excluded.group_name,"
            + " due_at = case when excluded.enabled then coalesce(a.due_at, excluded.due_at) end";

    private static final String DELETE_ALARM = "delete from {h-schema}metric_alarm where alarm_id = :id";
    private static final String DELETE_ACTIONS = "delete from {h-schema}alarm_action where alarm_id = :id";

    /** Applies events in their order (a tree's events share its key, so a definition precedes its deletion). */
    public Uni<Void> handle(List<CloudEvent> events) {
        return Panache.getSession().chain(session -> Multi.createFrom().iterable(events)
                .onItem().transformToUniAndConcatenate(event -> apply(session, event))
                .collect().last().replaceWithVoid());
    }

    private Uni<Void> apply(Mutiny.Session session, CloudEvent event) {
        switch (event.type()) {
            case MetricReported.TYPE:
                MetricReported reported = event.dataAs(MetricReported.class);
                return session.createNativeQuery(SAMPLES).setParameter("root", reported.rootStackId())
                        .setParameter("stack", reported.stackId()).setParameter("group", reported.groupName())
                        .setParameter("samples", HearthJson.write(reported.samples())).executeUpdate()
                        .replaceWithVoid();
            case MetricAlarmDefined.TYPE:
                return define(session, event.dataAs(MetricAlarmDefined.class));
            case MetricAlarmDeleted.TYPE:
                String id = event.dataAs(MetricAlarmDeleted.class).alarmId();
                return session.createNativeQuery(DELETE_ACTIONS).setParameter("id", id).executeUpdate()
                        .chain(() -> session.createNativeQuery(DELETE_ALARM).setParameter("id", id).executeUpdate())
                        .replaceWithVoid();
            default:
                return Uni.createFrom().voidItem();
        }
    }

    private Uni<Void> define(Mutiny.Session session, MetricAlarmDefined alarm) {
        return session.createNativeQuery(DEFINE)
                .setParameter("id", alarm.alarmId()).setParameter("stack", alarm.stackId())
                .setParameter("root", alarm.rootStackId()).setParameter("tenant", alarm.tenant())
                .setParameter("name", alarm.alarmName()).setParameter("meter", alarm.meterName())
                .setParameter("statistic", alarm.statistic()).setParameter("period", alarm.period())
                .setParameter("evaluations", alarm.evaluationPeriods()).setParameter("threshold", alarm.threshold())
                .setParameter("operator", alarm.comparisonOperator())
                .setParameter("alarmActions", HearthJson.write(alarm.alarmActions()))
                .setParameter("okActions", HearthJson.write(alarm.okActions()))
                .setParameter("insufficientActions", HearthJson.write(alarm.insufficientDataActions()))
                .setParameter("repeat", alarm.repeatActions()).setParameter("enabled", alarm.enabled())
                .setParameter("groupStack", alarm.groupStackId()).setParameter("group", alarm.groupName())
                .setParameter("dueAt", Instant.now().plusSeconds(alarm.period()))
                .executeUpdate().replaceWithVoid();
    }
}
