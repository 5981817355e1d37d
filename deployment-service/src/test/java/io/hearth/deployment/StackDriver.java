package io.hearth.deployment;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedOutput;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.contracts.stack.v1.StackDeleteRequested;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.contracts.stack.v1.StackUpdateRequested;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plays template-service in tests: sends stack commands to the real command topic and reads what
 * deployment-service publishes on {@code hearth.stack.events}. A test registers one as an instance field with
 * {@code @RegisterExtension}, which opens it before each test and closes it after ({@link BrokerFixture}).
 */
final class StackDriver extends BrokerFixture {

    static final Duration WAIT = Duration.ofSeconds(30);
    private static final String SOURCE = "/hearth/template-service";

    private ConsumerTask<String, String> events;

    @Override
    protected void open() {
        events = consume(Topics.STACK_EVENTS);
    }

    /** A planned resource; properties as JSON text (runtime references as function maps). */
    static PlannedResource resource(String name, String type, String properties, String... dependsOn) {
        return new PlannedResource(name, type, properties == null ? null : HearthJson.readTree(properties),
                Arrays.asList(dependsOn), null, null);
    }

    /** A plan of the given resources, in dependency order, and outputs given as name, JSON value pairs. */
    static StackPlan plan(List<PlannedResource> resources, String... outputs) {
        Map<String, PlannedOutput> values = new LinkedHashMap<>();
        for (int i = 0; i < outputs.length; i += 2) {
            values.put(outputs[i], new PlannedOutput(null, HearthJson.readTree(outputs[i + 1])));
        }
        return new StackPlan("2018-08-31", "test", Map.of(), resources, values, null, true);
    }

    CloudEvent create(String id, StackPlan plan) {
        return send(id, new StackCreateRequested(id, "demo", "s-" + id, plan));
    }

    CloudEvent update(String id, StackPlan plan) {
        return send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan));
    }

    CloudEvent delete(String id) {
        return send(id, new StackDeleteRequested(id, "demo", "s-" + id));
    }

    CloudEvent action(String id, String action, String resource, String reason) {
        return send(id, new StackActionRequested(id, "demo", "s-" + id, action, resource, reason));
    }

    CloudEvent send(String id, Object command) {
        CloudEvent event = CloudEvent.of(SOURCE, id, command);
        send(id, event);
        return event;
    }

    void send(String id, CloudEvent event) {
        publish(Topics.STACK_COMMANDS, id, event.toJson());
    }

    /** Waits until the stack reached {@code stackStatus} (e.g. CREATE_COMPLETE) {@code times} times in all. */
    List<StackStatusChanged> awaitStatus(String id, String stackStatus) {
        await().atMost(WAIT).until(() -> statuses(id).stream().anyMatch(s -> s.stackStatus().equals(stackStatus)));
        return statuses(id);
    }

    /** Waits until the stack published {@code count} status events. */
    List<StackStatusChanged> awaitStatuses(String id, int count) {
        await().atMost(WAIT).until(() -> statuses(id).size() >= count);
        return statuses(id);
    }

    /** The stack's events (their subject), in order; a nested stack's travel under its tree's top-level key. */
    List<CloudEvent> all(String id) {
        return events.getRecords().stream().filter(r -> r.value() != null && r.value().contains(id))
                .flatMap(r -> CloudEvent.parseAll(r.value()).stream()).filter(e -> id.equals(e.subject())).toList();
    }

    /** The ids of the events published under one key, in the order of its partition. */
    List<String> keyed(String key) {
        return events.getRecords().stream().filter(r -> key.equals(r.key()))
                .flatMap(r -> CloudEvent.parseAll(r.value()).stream()).map(CloudEvent::id).toList();
    }

    /** Every event read so far, of every stack. */
    List<CloudEvent> allEvents() {
        return events.getRecords().stream().flatMap(r -> CloudEvent.parseAll(r.value()).stream()).toList();
    }

    /** The time of the first of the stack's events whose data matches. */
    java.time.Instant time(String id, java.util.function.Predicate<Object> data) {
        return all(id).stream().filter(e -> data.test(e.dataAs(dataClass(e)))).findFirst().orElseThrow().time();
    }

    private static Class<?> dataClass(CloudEvent event) {
        return io.hearth.contracts.envelope.EventCatalog.byType(event.type()).record();
    }

    List<StackStatusChanged> statuses(String id) {
        return all(id).stream().filter(e -> StackStatusChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(StackStatusChanged.class)).toList();
    }

    List<ResourceStatusChanged> resources(String id) {
        return all(id).stream().filter(e -> ResourceStatusChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(ResourceStatusChanged.class)).toList();
    }

    /** The resource events of one resource, as {@code ACTION_STATUS} strings. */
    List<String> statesOf(String id, String resource) {
        return resources(id).stream().filter(r -> r.resourceName().equals(resource))
                .map(r -> r.action() + "_" + r.status()).toList();
    }

    /**
     * The stack's and its resources' status events (not deployments') as a readable log line per event:
     * {@code name ACTION_STATUS} or {@code stack ...}.
     */
    List<String> log(String id) {
        return all(id).stream().filter(e -> StackStatusChanged.TYPE.equals(e.type())
                || ResourceStatusChanged.TYPE.equals(e.type())).map(e -> {
            if (StackStatusChanged.TYPE.equals(e.type())) {
                return "stack " + e.dataAs(StackStatusChanged.class).stackStatus();
            }
            ResourceStatusChanged r = e.dataAs(ResourceStatusChanged.class);
            return r.resourceName() + " " + r.action() + "_" + r.status();
        }).toList();
    }

    /** The output values of the stack's last status that carries them. */
    Map<String, JsonNode> outputs(String id) {
        List<StackStatusChanged> statuses = statuses(id);
        for (int i = statuses.size() - 1; i >= 0; i--) {
            if (statuses.get(i).outputs() != null) {
                return statuses.get(i).outputs();
            }
        }
        return Map.of();
    }
}
