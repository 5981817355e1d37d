package io.hearth.gateway.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns the data of a {@code ServerMetadata} event into what the gateway serves and indexes. The deployment
 * items are kept as JSON trees, so agents get them exactly as deployment-service published them.
 */
public final class MetadataDocuments {

    /** A parsed document: the server's view and its deployments' index entries. */
    public record Parsed(ServerDocument document, List<DeploymentRef> refs) {
    }

    private MetadataDocuments() {
    }

    /**
     * Reads a {@code ServerMetadata} event's data.
     *
     * @param key  the record key (the server id), used when the data has none
     * @param data {@code {serverId, stackId, tenant, generation, deployments, check}}
     */
    public static Parsed parse(String key, JsonNode data) {
        String serverId = text(data.get("serverId"), key);
        String stackId = text(data.get("stackId"), null);
        String tenant = text(data.get("tenant"), null);
        long generation = data.path("generation").asLong();
        String check = text(data.get("check"), null);
        JsonNode items = data.get("deployments");
        ArrayNode deployments = items instanceof ArrayNode array ? array : HearthJson.mapper().createArrayNode();
        Set<String> ids = new LinkedHashSet<>();
        List<DeploymentRef> refs = new ArrayList<>();
        for (JsonNode item : deployments) {
            // the deployment (Hearth's deployment_id; an item without one, written before runs had ids of their
            // own, is the deployment's id), not the run's id, which is new for each run as Heat's config ids are
            String id = text(item.get("deployment_id"), text(item.get("id"), null));
            if (id != null) {
                ids.add(id);
                String stackPath = input(item, "deploy_stack_id");
                refs.add(new DeploymentRef(id, serverId, itemStack(stackPath, stackId), input(item, "deploy_action"),
                        item.path("generation").asLong(), tenant, stackPath == null || stackPath.indexOf('/') < 0 ? null
                                : stackPath.substring(0, stackPath.lastIndexOf('/')), input(item, "deploy_resource_name")));
            }
        }
        return new Parsed(new ServerDocument(serverId, stackId, generation, false,
                body(serverId, stackId, generation, deployments, check), Set.copyOf(ids), check), refs);
    }

    /** The body of a server with no document yet: generation 0, no deployments. */
    public static byte[] empty(String serverId, String stackId) {
        return body(serverId, stackId, 0, HearthJson.mapper().createArrayNode(), null);
    }

    /** The served body: Heat's {@code deployments} with the server, its stack and the generation, and a check's token. */
    private static byte[] body(String serverId, String stackId, long generation, ArrayNode deployments,
            String check) {
        ObjectNode body = HearthJson.mapper().createObjectNode();
        body.put("server_id", serverId);
        body.put("stack_id", stackId);
        body.put("generation", generation);
        body.set("deployments", deployments);
        if (check != null) {
            body.put("check", check);
        }
        try {
            return HearthJson.mapper().writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render the metadata of server " + serverId, e);
        }
    }

    /** The id after the last '/' of {@code deploy_stack_id} ({@code name/id}), else the document's stack. */
    private static String itemStack(String value, String documentStack) {
        if (value == null || value.isBlank()) {
            return documentStack;
        }
        return value.substring(value.lastIndexOf('/') + 1);
    }

    /** The value of the item's input called {@code name}, as text, or null. */
    private static String input(JsonNode item, String name) {
        for (JsonNode input : item.path("inputs")) {
            if (name.equals(input.path("name").asText(null))) {
                return text(input.get("value"), null);
            }
        }
        return null;
    }

    private static String text(JsonNode node, String fallback) {
        return node == null || node.isNull() ? fallback : node.asText();
    }
}
