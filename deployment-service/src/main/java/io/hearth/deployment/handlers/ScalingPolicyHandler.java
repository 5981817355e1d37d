package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.scaling.v1.ScalingRequested;
import io.hearth.deployment.groups.Scaling;
import io.hearth.deployment.software.SignalConfig;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.spi.Signal;
import io.hearth.platform.outbox.Outbox;
import io.hearth.platform.signing.PresignedUrls;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * {@code OS::Heat::ScalingPolicy} ({@code scaling_policy.py}): holds how its group changes size; the attribute
 * {@code alarm_url} is a POST pre-signed for the signal gateway's
 * {@code /v1/signal/trees/{root}/stacks/{stack}/scaling-policies/{group}/{policy}} (never expiring in practice, as Heat's EC2
 * signed URL: ten years), which publishes a {@code ScalingRequested} that the engine hands to the group ({@link
 * AutoScalingGroupHandler}); {@code signal_url} is Heat's native resource-signal URL of the policy on the Heat API
 * (template-service, {@code hearth.signal.heat-api-url}), which scales when POSTed with a token. The group is
 * the resource {@code auto_scaling_group_id} names with {@code get_resource} (Heat looks it up by reference id).
 */
@ApplicationScoped
public class ScalingPolicyHandler implements ResourceHandler {

    private static final Duration NEVER = Duration.ofDays(3650);

    private final PresignedUrls urls;
    private final SignalConfig signal;
    private final Outbox outbox;

    public ScalingPolicyHandler(PresignedUrls urls, SignalConfig signal, Outbox outbox) {
        this.urls = urls;
        this.signal = signal;
        this.outbox = outbox;
    }

    @Override
    public Set<String> types() {
        return Set.of("OS::Heat::ScalingPolicy");
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        JsonNode step = call.property("min_adjustment_step");
        if (step != null && !Scaling.PERCENT_CHANGE_IN_CAPACITY.equals(call.properties().path("adjustment_type")
                .asText())) {
            return Uni.createFrom().item(Outcome.failed(call.name(), "ResourcePropertyValueDependency",
                    "min_adjustment_step property should only be specified for adjustment_type with value "
                            + Scaling.PERCENT_CHANGE_IN_CAPACITY + "."));
        }
        String groupName = groupName(call);
        ObjectNode attributes = ResourceHandler.attributes();
        attributes.put("alarm_url", urls.url(signal.baseUrl(), "POST", "/v1/signal/trees/" + call.stack().eventKey()
                + "/stacks/" + call.stack().id + "/scaling-policies/" + groupName + "/" + call.name(), Instant.now().plus(NEVER)));
        attributes.put("signal_url", signal.heatApiUrl() + "/v1/" + call.stack().tenant + "/stacks/" + call.stack().name
                + "/" + call.stack().id + "/resources/" + call.name() + "/signal");
        return Uni.createFrom().item(Outcome.complete(UUID.randomUUID().toString().replace("-", ""), attributes));
    }

    /**
     * Heat's resource signal on the policy through the API ({@code openstack stack resource signal STACK POLICY})
     * scales as the policy's {@code alarm_url} does: the same {@code ScalingRequested} (the policy's own adjustment,
     * the signal's body as its details) goes on {@code hearth.scaling}, keyed by the stack's tree, and reaches the group
     * through the engine's door as the gateway's does. The policy itself waits for nothing, so its state is kept.
     */
    @Override
    public Uni<Outcome> signal(ResourceCall call, Signal signal) {
        if (!(signal instanceof Signal.ApiSignal api)) {
            return ResourceHandler.super.signal(call, signal);
        }
        String stackId = call.stack().id.toString();
        ScalingRequested request = new ScalingRequested(stackId, call.stack().tenant, groupName(call), call.name(), 0,
                null, "resource signal of " + call.name(), api.details());
        return outbox.append("stack", call.stack().eventKey(), stackId, request).replaceWith((Outcome) null);
    }

    private static String groupName(ResourceCall call) {
        return call.referencedName("auto_scaling_group_id");
    }

    @Override
    public Uni<Outcome> update(ResourceCall call) {
        return create(call).map(outcome -> outcome instanceof Outcome.Complete done
                ? new Outcome.Complete(call.row().physicalId, call.row().referenceId, done.attributes()) : outcome);
    }
}
