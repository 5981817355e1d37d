package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyJson;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The signals a WaitConditionHandle received, kept as Heat keeps them in the handle's metadata
 * ({@code BaseWaitConditionHandle.handle_signal}, {@code HeatWaitConditionHandle.normalise_signal_data}): by id, in
 * the order they first came, each {@code {"data", "reason", "status"}}; a signal whose id is there already replaces
 * that entry. Stored in the handle's private data ({@code resource_runtime.data}, key {@value #KEY}).
 */
final class HandleSignals {

    static final String SUCCESS = "SUCCESS";
    static final String FAILURE = "FAILURE";

    private static final String KEY = "signals";
    private static final Set<String> STATUSES = Set.of(SUCCESS, FAILURE);
    private static final Set<String> METADATA_KEYS = Set.of("data", "reason", "status", "id");

    private final ObjectNode byId;

    private HandleSignals(ObjectNode byId) {
        this.byId = byId;
    }

    /** The signals a handle's row holds (none for a row that is not a handle's). */
    static HandleSignals of(ResourceRuntime handle) {
        JsonNode data = handle.data == null ? null : HearthJson.readTree(handle.data).get(KEY);
        return new HandleSignals(data != null && data.isObject() ? (ObjectNode) data.deepCopy()
                : JsonNodeFactory.instance.objectNode());
    }

    /** Writes the signals back to the handle's row. */
    void store(ResourceRuntime handle) {
        JsonNode stored = handle.data == null ? null : HearthJson.readTree(handle.data);
        ObjectNode data = stored != null && stored.isObject() ? (ObjectNode) stored : JsonNodeFactory.instance.objectNode();
        data.set(KEY, byId);
        handle.data = HearthJson.write(data);
    }

    /**
     * Adds a signal: Heat's defaults for what it leaves out (reason {@code Signal N received}, data null, id N,
     * status SUCCESS, N being one more than the signals kept), then Heat's check.
     *
     * @param details the signal's body (a JSON object; null or empty is a signal with every default)
     * @return Heat's signal reason, {@code status:STATUS reason:REASON}
     * @throws IllegalArgumentException {@code Metadata format invalid} for a body that is not an object, has keys
     *                                  other than {@code data}, {@code reason}, {@code status} and {@code id}, or a
     *                                  status other than SUCCESS and FAILURE
     */
    String add(JsonNode details) {
        if (details != null && !details.isNull() && !details.isObject()) {
            throw new IllegalArgumentException("Metadata format invalid");
        }
        int number = byId.size() + 1;
        ObjectNode signal = details == null || details.isNull() ? JsonNodeFactory.instance.objectNode()
                : (ObjectNode) details.deepCopy();
        signal.putIfAbsent("reason", JsonNodeFactory.instance.textNode("Signal " + number + " received"));
        signal.putIfAbsent("data", JsonNodeFactory.instance.nullNode());
        signal.putIfAbsent("id", JsonNodeFactory.instance.numberNode(number));
        signal.putIfAbsent("status", JsonNodeFactory.instance.textNode(SUCCESS));
        Set<String> keys = new HashSet<>();
        signal.fieldNames().forEachRemaining(keys::add);
        if (!keys.equals(METADATA_KEYS) || !signal.get("status").isTextual()
                || !STATUSES.contains(signal.get("status").textValue())) {
            throw new IllegalArgumentException("Metadata format invalid");
        }
        String id = Py.str(signal.remove("id"));
        byId.set(id, signal);
        return "status:" + Py.str(signal.get("status")) + " reason:" + Py.str(signal.get("reason"));
    }

    /** Every signal's status, in order ({@code get_status}). */
    List<String> statuses() {
        List<String> statuses = new ArrayList<>();
        byId.elements().forEachRemaining(signal -> statuses.add(signal.get("status").textValue()));
        return statuses;
    }

    /** The reasons of the signals with that status, in order ({@code get_status_reason}). */
    List<String> reasons(String status) {
        List<String> reasons = new ArrayList<>();
        byId.elements().forEachRemaining(signal -> {
            if (status.equals(signal.get("status").textValue())) {
                reasons.add(Py.str(signal.get("reason")));
            }
        });
        return reasons;
    }

    /** The WaitCondition's {@code data} attribute: Python's {@code json.dumps} of id → data. */
    String data() {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        byId.fields().forEachRemaining(entry -> data.set(entry.getKey(), entry.getValue().get("data")));
        return PyJson.dumps(data, false);
    }

    /** Forgets every signal (a WaitCondition's delete clears its handle's, as Heat's does). */
    void clear() {
        byId.removeAll();
    }
}
