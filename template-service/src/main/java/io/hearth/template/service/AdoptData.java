package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.RuntimeRecord;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.signing.PresignedUrls;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The checks of {@code adopt_stack_data} before anything is stored (each a 400 {@code InvalidRequest} naming what is
 * wrong, Heat's {@code Invalid adopt data: ...}): a JSON object with a template and resources; then either Hearth's
 * own data (signed: the abandoned stack's id, no nested stack, Hearth's records signed for this tenant and stack, a
 * record of the right type for every resource the template plans), or Heat's, unsigned, whose resources may only be
 * of types whose adopted state a template could have given ({@link #checkUnsigned}).
 */
final class AdoptData {

    private AdoptData() {
    }

    /** The data as an object: heatclient sends it as a JSON string. */
    static ObjectNode parse(JsonNode given) {
        JsonNode data = given;
        if (given.isTextual()) {
            try {
                data = HearthJson.mapper().readTree(given.asText());
            } catch (Exception e) {
                throw invalid("it is not JSON: " + e.getMessage().lines().findFirst().orElse(""));
            }
        }
        if (data == null || !data.isObject()) {
            throw invalid("it must be a JSON object (Heat's abandon data)");
        }
        ObjectNode object = (ObjectNode) data;
        if (!object.path("template").isObject()) {
            throw invalid("'template' is missing or not an object");
        }
        if (!object.path("resources").isObject()) {
            throw invalid("'resources' is missing or not an object");
        }
        return object;
    }

    /** Whether the data is Hearth's own, signed ({@link #checkSignature}); else it is checked as Heat's. */
    static boolean signed(ObjectNode data) {
        return data.has(AbandonData.SIGNATURE);
    }

    /** The abandoned stack's id, or null when it is not a UUID. */
    static UUID stackId(JsonNode data) {
        return io.hearth.template.domain.Stack.parseId(data.path("id").asText(""));
    }

    /** The data's parameters overridden by the request's (Heat's {@code create_stack} for an adopt). */
    static Map<String, JsonNode> parameters(ObjectNode data, Map<String, JsonNode> request) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        data.path("environment").path("parameters").fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue()));
        if (request != null) {
            out.putAll(request);
        }
        return out;
    }

    /** The data's files, those of the request over them. */
    static Map<String, String> files(ObjectNode data, Map<String, String> request) {
        Map<String, String> out = new LinkedHashMap<>();
        data.path("files").fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        if (request != null) {
            out.putAll(request);
        }
        return out;
    }

    /** Refuses data whose records the signature does not cover for this tenant's stack. */
    static void checkSignature(AbandonSignature signature, String tenant, ObjectNode data) {
        JsonNode given = data.get(AbandonData.SIGNATURE);
        if (given == null || !given.isTextual()) {
            throw invalid("'" + AbandonData.SIGNATURE + "' is not a string");
        }
        if (stackId(data) == null) {
            throw invalid("'id' must be the abandoned stack's id (a UUID)");
        }
        data.path("resources").fields().forEachRemaining(entry -> {
            if (entry.getValue().has("resources")) {
                throw invalid("resources." + entry.getKey() + " is a nested stack: adopting Hearth's signed data of "
                        + "nested stacks is not supported yet");
            }
        });
        PresignedUrls.Verification verdict = signature.verify(tenant, stackId(data).toString(),
                AbandonData.records(data), given.asText());
        switch (verdict) {
            case OK -> {
            }
            case EXPIRED -> throw invalid("'" + AbandonData.SIGNATURE + "' has expired");
            default -> throw invalid("the Hearth records (resource_data.hearth) do not match '"
                    + AbandonData.SIGNATURE + "': they were changed, or abandoned by another project or stack");
        }
    }

    /**
     * Checks data without Hearth's signature (Heat's own abandon data): it may only say what a template could have
     * said anyway, so it is refused unless every planned resource is in it and is, recursively, of a type whose
     * adopted state is harmless ({@link #UNSIGNED}: a random string's value) or owns a nested stack adopted from its
     * entry's {@code resources} (a template resource, an {@code OS::Heat::ResourceGroup}). A nested stack's resources
     * are checked by the types the data gives; deployment-service's handlers refuse any other type they meet.
     */
    static void checkUnsigned(ObjectNode data, StackPlan plan) {
        if (hasRecords(data)) {
            throw invalid("'" + AbandonData.SIGNATURE + "' is missing: only data Hearth abandoned can be adopted");
        }
        JsonNode resources = data.get("resources");
        for (PlannedResource resource : plan.resources()) {
            String path = "resources." + resource.name();
            JsonNode entry = resources.get(resource.name());
            if (entry == null || !entry.isObject()) {
                throw invalid(path + " is missing: every resource of the template must be in the data");
            }
            String type = entry.path("type").asText(resource.type());
            if (!type.equals(resource.type())) {
                throw invalid(path + " is " + type + " in the data but " + resource.type() + " in the template");
            }
            unsigned(path, entry, type, resource.template() != null || NESTING.contains(type));
        }
    }

    /** Types adopted from data without Hearth's signature: what the data gives is what a template could give. */
    static final java.util.Set<String> UNSIGNED = java.util.Set.of("OS::Heat::RandomString", "OS::Heat::None");
    /** Types (besides template resources) whose nested stack is adopted from the entry's {@code resources}. */
    static final java.util.Set<String> NESTING = java.util.Set.of("OS::Heat::ResourceGroup");

    private static void unsigned(String path, JsonNode entry, String type, boolean nesting) {
        if (nesting) {
            JsonNode nested = entry.path("resources");
            if (!nested.isMissingNode() && !nested.isObject()) {
                throw invalid(path + ".resources must be an object: the nested stack's resources");
            }
            nested.fields().forEachRemaining(child -> {
                String childPath = path + ".resources." + child.getKey();
                if (!child.getValue().isObject()) {
                    throw invalid(childPath + " is not an object");
                }
                String childType = child.getValue().path("type").asText("");
                unsigned(childPath, child.getValue(), childType, child.getValue().has("resources"));
            });
            return;
        }
        if (!UNSIGNED.contains(type)) {
            throw invalid(path + " is " + (type.isEmpty() ? "of no type" : type) + ": without '"
                    + AbandonData.SIGNATURE + "' (Hearth's own abandon data) only OS::Heat::RandomString, "
                    + "OS::Heat::None and nested stacks (template resources, OS::Heat::ResourceGroup) made of them "
                    + "can be adopted, as their data can forge nothing");
        }
        if (!entry.hasNonNull("resource_id")) {
            throw invalid(path + ".resource_id is missing (Heat's 'Resource ID was not provided.')");
        }
        if (type.equals("OS::Heat::RandomString") && !entry.path("resource_data").path("value").isTextual()) {
            throw invalid(path + ".resource_data.value must be a string: the random string adopted");
        }
    }

    /** Whether any resource of the data, nested ones included, carries a Hearth record. */
    private static boolean hasRecords(JsonNode data) {
        for (JsonNode entry : data.path("resources")) {
            if (entry.path("resource_data").has(AbandonData.HEARTH) || hasRecords(entry)) {
                return true;
            }
        }
        return false;
    }

    /** Each planned resource's record, checked against the plan. */
    static Map<String, RuntimeRecord> records(ObjectNode data, StackPlan plan) {
        Map<String, JsonNode> all = AbandonData.records(data);
        Map<String, RuntimeRecord> out = new LinkedHashMap<>();
        for (PlannedResource resource : plan.resources()) {
            JsonNode node = all.get(resource.name());
            if (node == null) {
                throw invalid("resources." + resource.name() + " has no Hearth record (resource_data.hearth)");
            }
            RuntimeRecord record;
            try {
                record = HearthJson.mapper().convertValue(node, RuntimeRecord.class);
            } catch (IllegalArgumentException e) {
                throw invalid("resources." + resource.name() + ".resource_data.hearth: " + e.getMessage());
            }
            if (record.version() != RuntimeRecord.VERSION) {
                throw invalid("resources." + resource.name() + ".resource_data.hearth has version "
                        + record.version() + ", not " + RuntimeRecord.VERSION);
            }
            if (!resource.type().equals(record.type())) {
                throw invalid("resources." + resource.name() + " is " + record.type() + " in the data but "
                        + resource.type() + " in the template");
            }
            out.put(resource.name(), record);
        }
        return out;
    }

    /** The request's environment, else the data's. */
    static JsonNode environment(ObjectNode data, JsonNode request) {
        boolean given = request != null && !request.isNull() && !(request.isObject() && request.isEmpty());
        JsonNode own = data.get("environment");
        return given ? request : own == null || own.isNull() ? JsonNodeFactory.instance.objectNode() : own;
    }

    static ApiException invalid(String why) {
        return ApiException.badRequest("InvalidRequest", "Invalid adopt data: " + why);
    }
}
