package io.hearth.hot.types;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * Renders resource types the way Heat's Orchestration API shows them:
 * {@code GET /v1/{tenant}/resource_types} ({@link #typeList}),
 * {@code GET /v1/{tenant}/resource_types/{type}} ({@link #schema}, Heat's
 * {@code EngineService.resource_schema}) and {@code GET /v1/{tenant}/resource_types/{type}/template}
 * with {@code template_type=hot} ({@link #template}, Heat's {@code Resource.resource_to_template}).
 */
public final class ResourceTypeSchemas {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** The template version of a generated template ({@code HOTemplate20161014}). */
    public static final String GENERATED_TEMPLATE_VERSION = "2016-10-14";

    private ResourceTypeSchemas() {
    }

    /** {@code {"resource_types": [names...]}}: every type that is not hidden. */
    public static ObjectNode typeList(ResourceTypes types) {
        ObjectNode body = JSON.objectNode();
        ArrayNode names = body.putArray("resource_types");
        types.listedNames().forEach(names::add);
        return body;
    }

    /**
     * The type's schema: {@code resource_type}, {@code properties} (hidden ones left out),
     * {@code attributes} (hidden ones left out, Heat's common {@code show} included),
     * {@code support_status}, and with {@code withDescription} the type's {@code description}.
     */
    public static ObjectNode schema(ResourceType type, boolean withDescription) {
        ObjectNode body = JSON.objectNode();
        body.put("resource_type", type.name());
        ObjectNode properties = body.putObject("properties");
        for (Map.Entry<String, PropertySchema> e : type.properties().entrySet()) {
            if (!e.getValue().supportStatus().isHidden()) {
                properties.set(e.getKey(), property(e.getValue()));
            }
        }
        ObjectNode attributes = body.putObject("attributes");
        for (Map.Entry<String, AttributeSchema> e : type.attributes().entrySet()) {
            if (!e.getValue().supportStatus().isHidden()) {
                attributes.set(e.getKey(), attribute(e.getValue()));
            }
        }
        body.set("support_status", type.supportStatus().toJson());
        if (withDescription) {
            body.put("description", type.description());
        }
        return body;
    }

    /** One property as Heat's {@code dict(properties.Schema)} writes it. */
    public static ObjectNode property(PropertySchema schema) {
        ObjectNode node = JSON.objectNode();
        node.put("type", schema.type().apiName());
        if (schema.description() != null) {
            node.put("description", schema.description());
        }
        if (schema.hasDefault()) {
            node.set("default", schema.defaultValue());
        }
        if (schema.itemSchema() != null) {
            node.putObject("schema").set("*", property(schema.itemSchema()));
        } else if (schema.mapSchema() != null) {
            ObjectNode nested = node.putObject("schema");
            schema.mapSchema().forEach((k, v) -> nested.set(k, property(v)));
        }
        node.put("required", schema.required());
        if (!schema.constraints().isEmpty()) {
            ArrayNode constraints = node.putArray("constraints");
            schema.constraints().forEach(c -> constraints.add(c.toJson()));
        }
        node.put("update_allowed", schema.updateAllowed());
        node.put("immutable", schema.immutable());
        return node;
    }

    /** One attribute as Heat's {@code dict(attributes.Schema)} writes it (the type lower-cased). */
    public static ObjectNode attribute(AttributeSchema schema) {
        ObjectNode node = JSON.objectNode();
        if (schema.description() != null) {
            node.put("description", schema.description());
        }
        if (schema.type() != null) {
            node.put("type", schema.type().toLowerCase(java.util.Locale.ROOT));
        }
        return node;
    }

    /**
     * A HOT template with one resource of the type: a parameter per (non-hidden) property, the
     * resource taking each property from its parameter, and an output per (non-hidden) attribute. The
     * resource is named after Heat's class for the type, as Heat does.
     */
    public static ObjectNode template(ResourceType type) {
        String resourceName = type.heatClassName();
        ObjectNode body = JSON.objectNode();
        body.put("heat_template_version", GENERATED_TEMPLATE_VERSION);
        body.put("description", "Initial template of " + resourceName);
        ObjectNode parameters = body.putObject("parameters");
        ObjectNode resource = body.putObject("resources").putObject(resourceName);
        resource.put("type", type.name());
        ObjectNode properties = resource.putObject("properties");
        for (Map.Entry<String, PropertySchema> e : type.properties().entrySet()) {
            PropertySchema schema = e.getValue();
            if (schema.supportStatus().isHidden()) {
                continue;
            }
            parameters.set(e.getKey(), parameter(schema));
            properties.putObject(e.getKey()).put("get_param", e.getKey());
        }
        ObjectNode outputs = body.putObject("outputs");
        for (Map.Entry<String, AttributeSchema> e : type.attributes().entrySet()) {
            if (e.getValue().supportStatus().isHidden()) {
                continue;
            }
            ObjectNode output = outputs.putObject(e.getKey());
            output.putObject("value").putArray("get_attr").add(resourceName).add(e.getKey());
            output.put("description", e.getValue().description());
        }
        return body;
    }

    /** Heat's {@code Properties._hot_param_def_from_prop}. */
    private static ObjectNode parameter(PropertySchema schema) {
        ObjectNode param = JSON.objectNode();
        param.put("type", schema.type().hotParameterType());
        if (schema.description() != null) {
            param.put("description", schema.description());
        }
        if (schema.hasDefault()) {
            param.set("default", schema.defaultValue());
        }
        if (!schema.constraints().isEmpty()) {
            ArrayNode constraints = param.putArray("constraints");
            for (Constraint c : schema.constraints()) {
                // Heat writes {} for a custom constraint here; Hearth writes the HOT parameter form.
                constraints.addObject().set(c.name(), c.value());
            }
        }
        return param;
    }
}
