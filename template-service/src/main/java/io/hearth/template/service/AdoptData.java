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
 * wrong, Heat's {@code Invalid adopt data: ...}): a JSON object with a template and the abandoned stack's id, no
 * nested stack (not adoptable yet), Hearth's records signed for this tenant and stack, and a record of the right type
 * for every resource the template plans.
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
        if (stackId(object) == null) {
            throw invalid("'id' must be the abandoned stack's id (a UUID)");
        }
        if (!object.path("resources").isObject()) {
            throw invalid("'resources' is missing or not an object");
        }
        object.path("resources").fields().forEachRemaining(entry -> {
            if (entry.getValue().has("resources")) {
                throw invalid("resources." + entry.getKey() + " is a nested stack: adopting nested stacks is not "
                        + "supported yet");
            }
        });
        return object;
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
            throw invalid("'" + AbandonData.SIGNATURE + "' is missing: only data Hearth abandoned can be adopted");
        }
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
