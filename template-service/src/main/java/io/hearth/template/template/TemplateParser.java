package io.hearth.template.template;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.expr.ExpressionException;
import io.hearth.contracts.expr.HotVersion;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a HOT template's outline once it was read: the version, the known sections, and
 * that every resource names a type.
 */
@ApplicationScoped
public class TemplateParser {

    private static final Set<String> SECTIONS = Set.of("heat_template_version", "description", "parameter_groups",
            "parameters", "resources", "outputs", "conditions");

    /** Checks the template's outline and returns it; every problem is reported together. */
    public JsonNode validate(JsonNode template) {
        if (template == null || !template.isObject()) {
            throw new TemplateException("The template is not a mapping (YAML) or object (JSON)");
        }
        List<String> problems = new ArrayList<>();
        JsonNode version = template.get("heat_template_version");
        if (version == null) {
            problems.add("Template format version not found: heat_template_version is missing");
        } else {
            try {
                HotVersion.of(version.asText());
            } catch (ExpressionException e) {
                problems.add(e.heatMessage());
            }
        }
        template.fieldNames().forEachRemaining(section -> {
            if (!SECTIONS.contains(section)) {
                problems.add("The template section is invalid: " + section);
            }
        });
        checkMapping(template, "parameters", problems);
        checkMapping(template, "outputs", problems);
        if (checkMapping(template, "resources", problems)) {
            for (Iterator<Map.Entry<String, JsonNode>> it = template.get("resources").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> resource = it.next();
                String path = "resources." + resource.getKey();
                JsonNode type = resource.getValue().get("type");
                if (!resource.getValue().isObject()) {
                    problems.add(path + ": a resource must be a mapping");
                } else if (type == null || !type.isTextual() || type.asText().isBlank()) {
                    problems.add(path + ".type: a resource must have a type");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new TemplateException(problems.stream().map(p -> new TemplateProblem("", p)).toList());
        }
        return template;
    }

    private static boolean checkMapping(JsonNode template, String section, List<String> problems) {
        JsonNode node = template.get(section);
        if (node == null || node.isNull()) {
            return false;
        }
        if (!node.isObject()) {
            problems.add(section + ": must be a mapping");
            return false;
        }
        return true;
    }
}
