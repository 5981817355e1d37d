package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackResourceState;
import java.util.List;
import java.util.Map;

/**
 * Heat's abandon data (its {@code Stack.prepare_abandon}) of one stack: name, id, action, status, template,
 * environment, files, resources, project_id, stack_user_project_id and tags; each resource with its name, type,
 * action, status, resource_id, metadata and {@code resource_data}, which holds Hearth's record of the resource under
 * {@code hearth} (contracts' {@code RuntimeRecord}, from deployment-service's export). A resource that owns a nested
 * stack is that stack's abandon data, as Heat's {@code StackResource.prepare_abandon} gives it.
 */
final class AbandonData {

    /** The key of Hearth's record in a resource's {@code resource_data}. */
    static final String HEARTH = "hearth";
    /** The top-level key of the signature over the records ({@link AbandonSignature}). */
    static final String SIGNATURE = "hearth_signature";

    private AbandonData() {
    }

    /**
     * The stack's data.
     *
     * @param resources the read model's resources of the stack
     * @param export    deployment-service's export of the stack ({@code resources}, {@code nested})
     * @param nested    the data of each nested stack, by the owning resource's name
     */
    static ObjectNode of(Stack stack, List<StackResourceState> resources, JsonNode export,
            Map<String, ObjectNode> nested) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("name", stack.name);
        data.put("id", stack.id.toString());
        data.put("action", stack.action.name());
        data.put("status", stack.status.name());
        data.set("template", tree(stack.template, true));
        data.set("environment", tree(stack.environment, true));
        data.set("files", tree(stack.files, true));
        ObjectNode entries = data.putObject("resources");
        JsonNode records = export.path("resources");
        for (StackResourceState resource : resources) {
            ObjectNode owned = nested.get(resource.name);
            entries.set(resource.name, owned != null ? owned : resource(resource, records.get(resource.name)));
        }
        data.put("project_id", stack.tenant);
        data.putNull("stack_user_project_id");
        data.putNull("tags");
        return data;
    }

    /** Hearth's records of a stack's data by resource name (those that have one). */
    static Map<String, JsonNode> records(JsonNode data) {
        Map<String, JsonNode> out = new java.util.LinkedHashMap<>();
        data.path("resources").fields().forEachRemaining(entry -> {
            JsonNode record = entry.getValue().path("resource_data").get(HEARTH);
            if (record != null) {
                out.put(entry.getKey(), record);
            }
        });
        return out;
    }

    private static ObjectNode resource(StackResourceState resource, JsonNode record) {
        ObjectNode entry = JsonNodeFactory.instance.objectNode();
        entry.put("name", resource.name);
        entry.put("resource_id", record != null && record.hasNonNull("physicalId")
                ? record.get("physicalId").asText() : resource.physicalResourceId);
        entry.put("type", resource.resourceType);
        entry.put("action", resource.action.name());
        entry.put("status", resource.status.name());
        entry.set("metadata", tree(resource.metadata, true));
        ObjectNode data = entry.putObject("resource_data");
        if (record != null) {
            data.set(HEARTH, record);
        }
        return entry;
    }

    private static JsonNode tree(String json, boolean emptyObject) {
        if (json == null) {
            return emptyObject ? JsonNodeFactory.instance.objectNode() : JsonNodeFactory.instance.nullNode();
        }
        return HearthJson.readTree(json);
    }
}
