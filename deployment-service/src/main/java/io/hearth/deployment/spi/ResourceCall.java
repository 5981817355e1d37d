package io.hearth.deployment.spi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.Action;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import java.time.Instant;

/**
 * One call of a resource handler: the stack, the resource's row (its action already set), and its
 * properties as resolved now, with the type's defaults applied.
 *
 * @param stack      the stack the resource belongs to
 * @param row        the resource's runtime row
 * @param properties the resolved properties (for create and update: the new ones)
 * @param previous   for an update, the properties the resource had; else null
 */
public record ResourceCall(StackRuntime stack, ResourceRuntime row, JsonNode properties, JsonNode previous) {

    /** A call for a resource whose stored properties are the ones that count (resume, delete). */
    public static ResourceCall of(StackRuntime stack, ResourceRuntime row) {
        return new ResourceCall(stack, row, HearthJson.readTree(row.properties), null);
    }

    public String name() {
        return row.name;
    }

    /** The action under way: CREATE, UPDATE or DELETE. */
    public Action action() {
        return row.action;
    }

    /** When the action started. */
    public Instant startedAt() {
        return row.startedAt;
    }

    /** Heat's {@code physical_resource_name()}: {@code <stack>-<resource>-<short id>}. */
    public String physicalName() {
        return PhysicalNames.of(stack.name, row.name, row.id);
    }

    /** The attributes the resource has now (for an update that keeps some), never null. */
    public ObjectNode attributes() {
        if (row.attributes == null) {
            return JsonNodeFactory.instance.objectNode();
        }
        JsonNode stored = HearthJson.readTree(row.attributes);
        return stored.isObject() ? (ObjectNode) stored.deepCopy() : JsonNodeFactory.instance.objectNode();
    }

    /**
     * The resource's entry of the Heat abandon data its stack is adopted from without Hearth's records
     * ({@code StackRuntime.adoptData}: {@code resource_id}, {@code resource_data}, a nested stack's {@code resources}),
     * or null when the stack has none or the data lacks the resource.
     */
    public JsonNode adopted() {
        if (stack.adoptData == null) {
            return null;
        }
        JsonNode entry = HearthJson.readTree(stack.adoptData).get(row.name);
        return entry == null || !entry.isObject() ? null : entry;
    }

    /** A property's value, or null when absent. */
    public JsonNode property(String key) {
        JsonNode value = properties == null ? null : properties.get(key);
        return value == null || value.isNull() ? null : value;
    }

    /**
     * The resource name a property refers to: the one it takes with {@code get_resource} in the plan (Heat looks the
     * resource up by reference id), else the property's value as given; null when the property is absent.
     */
    public String referencedName(String property) {
        JsonNode planned = StackPlans.planOf(stack).resources().stream().filter(r -> r.name().equals(name()))
                .findFirst().map(r -> r.properties() == null ? null : r.properties().get(property)).orElse(null);
        if (planned != null && planned.path("get_resource").isTextual()) {
            return planned.get("get_resource").asText();
        }
        JsonNode value = property(property);
        return value == null ? null : value.asText();
    }
}
