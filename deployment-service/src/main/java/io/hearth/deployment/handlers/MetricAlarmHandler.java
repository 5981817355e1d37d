package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.metric.v1.MetricAlarmDefined;
import io.hearth.contracts.metric.v1.MetricAlarmDeleted;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.groups.GroupOfServer;
import io.hearth.deployment.software.MetricUrls;
import io.hearth.deployment.software.MetricUrls.MetricScope;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.spi.StackPlans;
import io.hearth.platform.outbox.Outbox;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * {@code OS::Hearth::MetricAlarm}: Aodh's threshold alarm on the metrics a stack's servers push, evaluated by the
 * notifier. Create and update publish the whole definition ({@code MetricAlarmDefined} on {@code hearth.metrics},
 * keyed by the stack tree, in the engine's transaction) and complete at once with the attribute {@code metric_url}, a
 * metric URL of the alarm's group (or, with no {@code group}, of the alarm's stack), signed again at each update; delete
 * publishes {@code MetricAlarmDeleted}. The group must be a ResourceGroup or AutoScalingGroup of the same stack.
 */
@ApplicationScoped
public class MetricAlarmHandler implements ResourceHandler {

    static final String TYPE = "OS::Hearth::MetricAlarm";

    private final Outbox outbox;
    private final MetricUrls urls;

    public MetricAlarmHandler(Outbox outbox, MetricUrls urls) {
        this.outbox = outbox;
        this.urls = urls;
    }

    @Override
    public Set<String> types() {
        return Set.of(TYPE);
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return define(call, UUID.randomUUID().toString().replace("-", ""));
    }

    @Override
    public Uni<Outcome> update(ResourceCall call) {
        return define(call, call.row().physicalId);
    }

    @Override
    public Uni<Outcome> delete(ResourceCall call) {
        Outcome done = new Outcome.Complete(call.row().physicalId, null, ResourceHandler.attributes());
        if (call.row().physicalId == null) {
            return Uni.createFrom().item(done);
        }
        StackRuntime stack = call.stack();
        return outbox.append("stack", stack.eventKey(), stack.id.toString(),
                new MetricAlarmDeleted(stack.id.toString(), stack.eventKey(), call.row().physicalId)).replaceWith(done);
    }

    private Uni<Outcome> define(ResourceCall call, String alarmId) {
        StackRuntime stack = call.stack();
        String stackId = stack.id.toString();
        String group = call.referencedName("group");
        if (group != null) {
            PlannedResource planned = StackPlans.planOf(stack).resources().stream()
                    .filter(r -> r.name().equals(group)).findFirst().orElse(null);
            if (planned == null || !GroupOfServer.GROUP_TYPES.contains(planned.type())) {
                return Uni.createFrom().item(Outcome.failed(call.name(), "StackValidationFailed",
                        "Property error: " + call.name() + ".Properties.group: " + group + " is not an "
                                + String.join(" or ", GroupOfServer.GROUP_TYPES.stream().sorted().toList())
                                + " of this stack"));
            }
        }
        JsonNode p = call.properties();
        MetricAlarmDefined definition = new MetricAlarmDefined(stackId, stack.eventKey(), stack.tenant, alarmId,
                call.name(), p.path("meter_name").asText(), p.path("statistic").asText("avg"),
                p.path("period").asInt(60), p.path("evaluation_periods").asInt(1), p.path("threshold").asDouble(),
                p.path("comparison_operator").asText("gt"), texts(p.get("alarm_actions")),
                texts(p.get("ok_actions")), texts(p.get("insufficient_data_actions")),
                p.path("repeat_actions").asBoolean(true), p.path("enabled").asBoolean(true),
                group == null ? null : stackId, group);
        ObjectNode attributes = ResourceHandler.attributes();
        attributes.put("metric_url", urls.url(new MetricScope(stack.eventKey(), stackId, group)));
        return outbox.append("stack", stack.eventKey(), stackId, definition)
                .replaceWith(new Outcome.Complete(alarmId, alarmId, attributes));
    }

    private static List<String> texts(JsonNode list) {
        List<String> out = new ArrayList<>();
        if (list != null) {
            list.forEach(item -> out.add(item.asText()));
        }
        return out;
    }
}
