package io.hearth.template.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.plan.PlannedOutput;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a validated template and the user's parameters into a plan: parameter values
 * resolved, {@code get_param} evaluated, each resource's dependencies (depends_on,
 * get_resource, get_attr) found and the resources put in an order that respects them.
 */
@ApplicationScoped
public class StackPlanner {

    /**
     * Plans a template.
     *
     * @throws TemplateException with every problem found
     */
    public StackPlan plan(JsonNode template, Map<String, JsonNode> given, Integer timeoutMins,
            boolean disableRollback) {
        List<String> problems = new ArrayList<>();
        Map<String, JsonNode> parameters = parameters(template.path("parameters"), given, problems);
        JsonNode resources = template.path("resources");
        Map<String, PlannedResource> planned = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = resources.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> entry = it.next();
            String name = entry.getKey();
            JsonNode definition = entry.getValue();
            String path = "resources." + name;
            JsonNode properties = resolveParams(definition.get("properties"), parameters, path + ".properties", problems);
            JsonNode metadata = resolveParams(definition.get("metadata"), parameters, path + ".metadata", problems);
            Set<String> dependsOn = new LinkedHashSet<>();
            JsonNode explicit = definition.get("depends_on");
            if (explicit != null) {
                (explicit.isArray() ? explicit : JsonNodeFactory.instance.arrayNode().add(explicit))
                        .forEach(d -> dependsOn.add(d.asText()));
            }
            collectReferences(properties, dependsOn);
            collectReferences(metadata, dependsOn);
            for (String target : dependsOn) {
                if (!resources.has(target)) {
                    problems.add(path + ": refers to resource \"" + target + "\", which is not in the template");
                } else if (target.equals(name)) {
                    problems.add(path + ": a resource cannot depend on itself");
                }
            }
            JsonNode policy = definition.get("deletion_policy");
            planned.put(name, new PlannedResource(name, definition.get("type").asText(), properties,
                    List.copyOf(dependsOn), metadata, policy == null ? null : policy.asText()));
        }
        Map<String, PlannedOutput> outputs = new LinkedHashMap<>();
        template.path("outputs").fields().forEachRemaining(entry -> {
            JsonNode description = entry.getValue().get("description");
            outputs.put(entry.getKey(), new PlannedOutput(description == null ? null : description.asText(),
                    resolveParams(entry.getValue().get("value"), parameters, "outputs." + entry.getKey() + ".value",
                            problems)));
        });
        if (!problems.isEmpty()) {
            throw new TemplateException(problems);
        }
        JsonNode description = template.get("description");
        return new StackPlan(template.get("heat_template_version").asText(),
                description == null ? null : description.asText(), parameters,
                DependencyOrder.sort(planned), outputs, timeoutMins, disableRollback);
    }

    private static Map<String, JsonNode> parameters(JsonNode declared, Map<String, JsonNode> given,
            List<String> problems) {
        Map<String, JsonNode> values = new LinkedHashMap<>();
        given.keySet().stream().filter(name -> !declared.has(name)).forEach(name ->
                problems.add("The Parameter (" + name + ") was not defined in template."));
        declared.fields().forEachRemaining(entry -> {
            JsonNode value = given.containsKey(entry.getKey()) ? given.get(entry.getKey()) : entry.getValue().get("default");
            if (value == null) {
                problems.add("The Parameter (" + entry.getKey() + ") was not provided.");
            } else {
                values.put(entry.getKey(), value);
            }
        });
        return values;
    }

    /** A copy of {@code node} with every {@code get_param} replaced by its value. */
    private static JsonNode resolveParams(JsonNode node, Map<String, JsonNode> parameters, String path,
            List<String> problems) {
        if (node == null) {
            return null;
        }
        if (node.isObject() && node.size() == 1 && node.has("get_param")) {
            JsonNode args = node.get("get_param");
            String name = (args.isArray() ? args.path(0) : args).asText();
            JsonNode value = parameters.get(name);
            if (value == null) {
                problems.add(path + ": get_param refers to parameter \"" + name + "\", which is not defined");
                return node;
            }
            for (int i = 1; args.isArray() && i < args.size(); i++) {
                JsonNode key = args.get(i);
                value = key.isInt() ? value.path(key.asInt()) : value.path(key.asText());
            }
            return value.isMissingNode() ? JsonNodeFactory.instance.nullNode() : value;
        }
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            node.fields().forEachRemaining(e -> copy.set(e.getKey(),
                    resolveParams(e.getValue(), parameters, path + "." + e.getKey(), problems)));
            return copy;
        }
        if (node.isArray()) {
            var copy = JsonNodeFactory.instance.arrayNode();
            for (int i = 0; i < node.size(); i++) {
                copy.add(resolveParams(node.get(i), parameters, path + "[" + i + "]", problems));
            }
            return copy;
        }
        return node;
    }

    private static void collectReferences(JsonNode node, Set<String> into) {
        if (node == null) {
            return;
        }
        if (node.isObject() && node.size() == 1) {
            if (node.has("get_resource")) {
                into.add(node.get("get_resource").asText());
            } else if (node.has("get_attr") && node.get("get_attr").isArray()) {
                into.add(node.get("get_attr").path(0).asText());
            }
        }
        node.elements().forEachRemaining(child -> collectReferences(child, into));
    }
}
