package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.stack.Action;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.hot.py.Py;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * {@code OS::Heat::TestResource} ({@code test_resource.py}): stores {@code value} as the attribute
 * {@code output}, waits {@code wait_secs} (or {@code action_wait_secs.<action>}; -1 forever) after each
 * action, fails create and update after the wait when {@code fail} is true, and is replaced when
 * {@code update_replace_value} changes or {@code value} changes with {@code update_replace} true (the type's rule in
 * the resource-type catalogue, which the update preview asks too).
 * The knobs that poll a client ({@code client_name}, {@code entity_name}) and slow attribute reads
 * ({@code attr_wait_secs}, {@code constraint_prop_secs}) are accepted and ignored.
 */
@ApplicationScoped
public class TestResourceHandler implements ResourceHandler {

    @Override
    public Set<String> types() {
        return Set.of("OS::Heat::TestResource");
    }

    @Override
    public JsonNode normalize(String resourceName, JsonNode properties) {
        ObjectNode props = ResourceHandler.super.normalize(resourceName, properties).deepCopy();
        props.putIfAbsent("value", TextNode.valueOf("test_string"));
        defaultIfNull(props, "fail", false);
        defaultIfNull(props, "update_replace", false);
        if (props.path("wait_secs").isNull() || props.path("wait_secs").isMissingNode()) {
            props.put("wait_secs", 0);
        }
        return props;
    }

    private static void defaultIfNull(ObjectNode props, String key, boolean value) {
        JsonNode current = props.get(key);
        props.put(key, current == null || current.isNull() ? value : Py.boolFromString(current));
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return finishOrWait(call);
    }

    @Override
    public Uni<Outcome> update(ResourceCall call) {
        if (storesNewValue(call)) {
            return finishOrWait(call);
        }
        // handle_update returns a zero wait when the value did not change; a failing resource still fails.
        return Uni.createFrom().item(finish(call));
    }

    /** {@code handle_update} stores a value, and waits, only when {@code value} changed to something truthy. */
    private static boolean storesNewValue(ResourceCall call) {
        JsonNode newValue = call.properties().get("value");
        return !Objects.equals(call.previous().get("value"), newValue) && Py.truthy(newValue);
    }

    @Override
    public Uni<Outcome> delete(ResourceCall call) {
        return finishOrWait(call);
    }

    @Override
    public Uni<Outcome> resume(ResourceCall call) {
        return Uni.createFrom().item(finish(call));
    }

    private Uni<Outcome> finishOrWait(ResourceCall call) {
        BigDecimal secs = waitSecs(call);
        if (secs.signum() < 0) {
            return Uni.createFrom().item(new Outcome.Waiting(null));
        }
        if (secs.signum() == 0) {
            return Uni.createFrom().item(finish(call));
        }
        Duration wait = Duration.ofNanos(secs.movePointRight(9).longValue());
        return Uni.createFrom().item(new Outcome.Waiting(call.startedAt().plus(wait)));
    }

    /** {@code _check_status_complete} once the wait is over. */
    private static Outcome finish(ResourceCall call) {
        boolean fail = call.properties().path("fail").asBoolean();
        if (call.action() == Action.DELETE) {
            return new Outcome.Complete(call.row().physicalId, null, ResourceHandler.attributes());
        }
        if (fail) {
            return Outcome.failed(call.name(), "ValueError", "Test Resource failed " + call.name());
        }
        String physicalId = call.row().physicalId != null ? call.row().physicalId : call.physicalName();
        JsonNode output = call.property("value");
        if (call.previous() != null && !storesNewValue(call)) {
            output = call.attributes().get("output"); // handle_update keeps the stored value
        }
        return Outcome.complete(physicalId, ResourceHandler.attributes().set("output", output));
    }

    /** {@code _wait_secs}: the action's own wait if given, else {@code wait_secs}. */
    private static BigDecimal waitSecs(ResourceCall call) {
        JsonNode perAction = call.properties().path("action_wait_secs")
                .path(call.action().name().toLowerCase(Locale.ROOT));
        JsonNode secs = perAction.isMissingNode() || perAction.isNull() ? call.properties().get("wait_secs")
                : perAction;
        if (secs == null || secs.isNull()) {
            return BigDecimal.ZERO;
        }
        return new BigDecimal(Py.str(Py.strToNum(secs)));
    }
}
