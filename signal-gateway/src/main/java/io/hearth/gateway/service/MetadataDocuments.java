package io.hearth.gateway.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.deployment.ServerMetadataAssembly;
import io.hearth.contracts.envelope.HearthJson;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * What the gateway serves and indexes of a server's metadata. The deployment items are kept as the JSON trees
 * deployment-service published, so agents get them exactly as written.
 */
public final class MetadataDocuments {

    /** How the gateway holds items: JSON trees. */
    public static final ServerMetadataAssembly.Items<JsonNode> ITEMS = new ServerMetadataAssembly.Items<>() {
        @Override
        public JsonNode read(JsonNode item) {
            return item;
        }

        @Override
        public String deploymentId(JsonNode item) {
            // the deployment (Hearth's deployment_id; an item without one, written before runs had ids of their
            // own, is the deployment's id), not the run's id, which is new for each run as Heat's config ids are
            return text(item.get("deployment_id"), text(item.get("id"), null));
        }

        @Override
        public String name(JsonNode item) {
            return text(item.get("name"), null);
        }

        @Override
        public Instant creationTime(JsonNode item) {
            JsonNode created = item.get("creation_time");
            if (created == null || created.isNull()) {
                return null;
            }
            if (created.isNumber()) {
                return Instant.ofEpochSecond(created.longValue(),
                        created.decimalValue().remainder(java.math.BigDecimal.ONE).movePointRight(9).longValue());
            }
            try {
                return Instant.parse(created.asText());
            } catch (DateTimeParseException e) {
                return null;
            }
        }
    };

    private MetadataDocuments() {
    }

    /** The index entry of a deployment's item in the document of {@code serverId} (its stack and tenant given). */
    public static DeploymentRef ref(String serverId, String stackId, String tenant, JsonNode item) {
        String stackPath = input(item, "deploy_stack_id");
        return new DeploymentRef(ITEMS.deploymentId(item), serverId, itemStack(stackPath, stackId),
                input(item, "deploy_action"), item.path("generation").asLong(), tenant,
                stackPath == null || stackPath.indexOf('/') < 0 ? null
                        : stackPath.substring(0, stackPath.lastIndexOf('/')),
                input(item, "deploy_resource_name"));
    }

    /** The body of a server with no document yet: generation 0, no deployments. */
    public static byte[] empty(String serverId, String stackId) {
        return body(serverId, stackId, 0, List.of(), null);
    }

    /** The served body: Heat's {@code deployments} with the server, its stack and the generation, and a check's token. */
    static byte[] body(String serverId, String stackId, long generation, List<JsonNode> deployments, String check) {
        ObjectNode body = HearthJson.mapper().createObjectNode();
        body.put("server_id", serverId);
        body.put("stack_id", stackId);
        body.put("generation", generation);
        ArrayNode items = body.putArray("deployments");
        items.addAll(deployments);
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
