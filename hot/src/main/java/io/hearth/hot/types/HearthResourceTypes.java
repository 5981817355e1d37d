package io.hearth.hot.types;

import static io.hearth.hot.types.PropertyType.BOOLEAN;
import static io.hearth.hot.types.PropertyType.INTEGER;
import static io.hearth.hot.types.PropertyType.LIST;
import static io.hearth.hot.types.PropertyType.MAP;
import static io.hearth.hot.types.PropertyType.NUMBER;
import static io.hearth.hot.types.PropertyType.STRING;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;

/**
 * Hearth's own resource types ({@code OS::Hearth::*}), which Heat does not have. Property names follow the
 * nearest Heat type where there is one, with its descriptions.
 */
final class HearthResourceTypes {

    /** Aodh's statistics ({@code OS::Aodh::Alarm}'s {@code statistic}). */
    static final String[] STATISTICS = {"count", "avg", "sum", "min", "max"};

    /** Aodh's comparison operators ({@code alarm_base.BaseAlarm.QF_OP_VALS} less Aodh's query-only ones). */
    static final String[] OPERATORS = {"ge", "gt", "eq", "ne", "lt", "le"};

    private HearthResourceTypes() {
    }

    /** Every {@code OS::Hearth::*} type. */
    static List<ResourceType> all() {
        return List.of(dataBag(), metricAlarm());
    }

    /**
     * {@code OS::Hearth::MetricAlarm}: {@code OS::Aodh::Alarm}'s threshold alarm ({@code aodh/alarm.py},
     * {@code alarm_base.py}) on metrics the stack's own servers push to a pre-signed metric URL, evaluated by the
     * notifier. Departures from Aodh: {@code period} is at least 1 s (Aodh's evaluator runs every 60 s), there are no
     * {@code matching_metadata}, {@code query}, {@code time_constraints} or Zaqar queues; {@code group} names the group
     * whose members push (omitted: any server of the stack tree).
     */
    private static ResourceType metricAlarm() {
        return ResourceType.builder("OS::Hearth::MetricAlarm", "MetricAlarm")
                .description("A resource that implements alarming on the metrics a stack's servers push to their "
                        + "metric URL.\n\nThe alarm is evaluated by Hearth's notifier every period, as Aodh's "
                        + "threshold alarm: ok, alarm or insufficient data; the actions are URLs (webhooks, e.g. an "
                        + "OS::Heat::ScalingPolicy's alarm_url) POSTed on a transition.")
                .support(SupportStatus.SUPPORTED)
                .property("meter_name", p(STRING, "Meter name watched by the alarm.").required().build())
                .property("statistic", p(STRING, "Meter statistic to evaluate.").defaultValue("avg")
                        .constraint(HeatResourceTypes.allowed(STATISTICS)).updateAllowed().build())
                .property("period", p(INTEGER, "Period (seconds) to evaluate over.").defaultValue(60)
                        .constraint(Constraint.range(1, 86400)).updateAllowed().build())
                .property("evaluation_periods", p(INTEGER, "Number of periods to evaluate over.").defaultValue(1)
                        .constraint(Constraint.range(1, 1440)).updateAllowed().build())
                .property("threshold", p(NUMBER, "Threshold to evaluate against.").required().updateAllowed()
                        .build())
                .property("comparison_operator", p(STRING,
                        "Operator used to compare specified statistic with threshold.").defaultValue("gt")
                        .constraint(HeatResourceTypes.allowed(OPERATORS)).updateAllowed().build())
                .property("alarm_actions", urls("A list of URLs (webhooks) to invoke when state transitions to "
                        + "alarm."))
                .property("ok_actions", urls("A list of URLs (webhooks) to invoke when state transitions to ok."))
                .property("insufficient_data_actions", urls("A list of URLs (webhooks) to invoke when state "
                        + "transitions to insufficient-data."))
                .property("repeat_actions", p(BOOLEAN, "False to trigger actions when the threshold is reached AND "
                        + "the alarm's state has changed. By default, actions are called each time the threshold is "
                        + "reached.").defaultValue(true).updateAllowed().build())
                .property("enabled", p(BOOLEAN, "True if alarm evaluation/actioning is enabled.").defaultValue(true)
                        .updateAllowed().build())
                .property("description", p(STRING, "Description for the alarm.").updateAllowed().build())
                .property("group", p(STRING, "The OS::Heat::ResourceGroup or OS::Heat::AutoScalingGroup of this "
                        + "stack (get_resource) whose members push the metric; omitted, every server of the stack "
                        + "tree.").build())
                .attribute("metric_url", AttributeSchema.of("A pre-signed, write-only URL to POST samples of the "
                        + "metric to, scoped to the alarm's stack and group.", "String"))
                .build();
    }

    private static PropertySchema urls(String description) {
        return p(LIST, description).items(p(STRING, "A URL to POST to.").build())
                .defaultValue(JsonNodeFactory.instance.arrayNode())
                .updateAllowed().build();
    }

    private static PropertySchema.Builder p(PropertyType type, String description) {
        return PropertySchema.of(type, description);
    }

    /**
     * Hearth's {@code OS::Hearth::DataBag} (docs/contextualization.md): the stack tree's facts, which deployments
     * publish ({@code ${heat_outputs_path}.facts}) and operators write through the API; any attribute name reads
     * the fact of that name (null while there is none), {@code get_attr: [bag]} all of them.
     */
    private static ResourceType dataBag() {
        return ResourceType.builder("OS::Hearth::DataBag", "DataBag")
                .description("Hearth: the facts of a stack tree. Every DataBag resource of a stack and of its "
                        + "nested stacks reads the same facts: deployments publish them (a hook writes a JSON object "
                        + "to ${heat_outputs_path}.facts) and operators write them through the data_bag API; each "
                        + "attribute is the fact of that name, and a deployment that reads a fact is contextualized "
                        + "when it changes.")
                .support(SupportStatus.SUPPORTED)
                .property("facts", p(MAP, "Facts the bag starts with: each one the bag does not hold yet is set "
                        + "when the resource is created or updated.").defaultValue(JsonNodeFactory.instance.objectNode())
                        .updateAllowed().build())
                .attributeMode(ResourceType.AttributeMode.ANY)
                .build();
    }
}
