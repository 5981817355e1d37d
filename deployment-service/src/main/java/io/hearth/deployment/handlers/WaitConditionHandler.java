package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.stack.Action;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.hot.py.Py;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * {@code OS::Heat::WaitCondition} ({@code wait_condition.py}): create (and an update, which only {@code count}
 * allows in place) waits until its {@code handle} holds {@code count} signals, all SUCCESS, then completes with the
 * attribute {@code data} (JSON of id → data). As Heat's {@code _wait}, in this order: {@code timeout} seconds after
 * the action started it fails with {@code WaitConditionTimeout} ({@code 1 of 2 received - REASONS}); a FAILURE signal
 * fails it with {@code WaitConditionFailure} (the failures' reasons joined with {@code ;}). It looks again when its
 * handle is signalled ({@link #resumesOnSignals}) and when the engine's durable timer reaches the timeout. Delete
 * forgets the handle's signals, as Heat's does. No physical id, as in Heat.
 */
@ApplicationScoped
public class WaitConditionHandler implements ResourceHandler {

    private final StackRuntimeRepository repository;

    public WaitConditionHandler(StackRuntimeRepository repository) {
        this.repository = repository;
    }

    @Override
    public Set<String> types() {
        return Set.of("OS::Heat::WaitCondition");
    }

    @Override
    public JsonNode normalize(String resourceName, JsonNode properties) {
        ObjectNode props = ResourceHandler.super.normalize(resourceName, properties).deepCopy();
        if (props.path("count").isNull() || props.path("count").isMissingNode()) {
            props.put("count", 1);
        }
        return props;
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return check(call);
    }

    @Override
    public Uni<Outcome> update(ResourceCall call) {
        return check(call);
    }

    @Override
    public Uni<Outcome> resume(ResourceCall call) {
        return call.action() == Action.DELETE ? ResourceHandler.super.resume(call) : check(call);
    }

    @Override
    public boolean resumesOnSignals() {
        return true;
    }

    @Override
    public Uni<Outcome> delete(ResourceCall call) {
        return handle(call).map(handle -> {
            if (handle != null) {
                HandleSignals signals = HandleSignals.of(handle);
                signals.clear();
                signals.store(handle);
            }
            return new Outcome.Complete(call.row().physicalId, null, ResourceHandler.attributes());
        });
    }

    /** Heat's {@code check_create_complete}: timed out, failed, enough signals, or waiting until the timeout. */
    private Uni<Outcome> check(ResourceCall call) {
        return handle(call).chain(handle -> handle != null ? Uni.createFrom().item(check(call, handle))
                : invalidHandle(call));
    }

    private static Outcome check(ResourceCall call, ResourceRuntime handle) {
        HandleSignals signals = HandleSignals.of(handle);
        long count = Py.toInt(Py.strToNum(call.property("count"))).longValue();
        BigDecimal timeout = new BigDecimal(Py.str(Py.strToNum(call.property("timeout"))));
        Instant deadline = call.startedAt().plus(Duration.ofNanos(timeout.movePointRight(9).longValue()));
        if (!Instant.now().isBefore(deadline)) {
            List<String> reasons = signals.reasons(HandleSignals.SUCCESS);
            return Outcome.failed(call.name(), "WaitConditionTimeout", reasons.size() + " of " + count + " received"
                    + (reasons.isEmpty() ? "" : " - " + String.join(";", reasons)));
        }
        List<String> statuses = signals.statuses();
        if (statuses.stream().anyMatch(status -> !HandleSignals.SUCCESS.equals(status))) {
            return Outcome.failed(call.name(), "WaitConditionFailure",
                    String.join(";", signals.reasons(HandleSignals.FAILURE)));
        }
        if (statuses.size() >= count) {
            return new Outcome.Complete(call.row().physicalId, null,
                    ResourceHandler.attributes().put("data", signals.data()));
        }
        return new Outcome.Waiting(deadline);
    }

    /**
     * The handle the {@code handle} property refers to (its reference id, the handle row's id), from the session
     * first, so a handle created or signalled in this transaction is seen as it is now; null when it is no
     * WaitConditionHandle of this stack.
     */
    private Uni<ResourceRuntime> handle(ResourceCall call) {
        UUID id = uuid(call.property("handle"));
        if (id == null) {
            return Uni.createFrom().nullItem();
        }
        return repository.row(id).map(row -> row != null
                && row.stackId.equals(call.stack().id) && WaitConditionHandleHandler.TYPE.equals(row.type) ? row : null);
    }

    /** Heat's {@code _validate_handle_resource}: {@code NAME is not a valid wait condition handle.} */
    private Uni<Outcome> invalidHandle(ResourceCall call) {
        String reference = call.property("handle") == null ? "None" : Py.str(call.property("handle"));
        return repository.referencedAs(call.stack().id, reference)
                .map(row -> Outcome.failed(call.name(), "ValueError",
                        (row == null ? reference : row.name) + " is not a valid wait condition handle."));
    }

    private static UUID uuid(JsonNode value) {
        if (value == null || !value.isTextual()) {
            return null;
        }
        try {
            return UUID.fromString(value.textValue());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
