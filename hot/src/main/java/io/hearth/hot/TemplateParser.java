package io.hearth.hot;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.functions.ExpressionException;
import io.hearth.hot.functions.HotVersion;
import io.hearth.hot.read.ReaderOptions;
import io.hearth.hot.read.TreeLimits;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a template's outline once it was read: the reader's limits (for a template sent
 * as a JSON object, which no reader saw), the version, the known sections, and that every
 * resource has a name Heat allows and names a type. A CFN-format template ({@link CfnTemplate})
 * is checked as Heat checks one.
 */
public final class TemplateParser {

    private static final Set<String> SECTIONS = Set.of("heat_template_version", "description", "parameter_groups",
            "parameters", "resources", "outputs", "conditions");

    /** The longest resource name and type, in characters: what the stores keep ({@code varchar(255)}, as Heat's). */
    static final int MAX_NAME = 255;

    private final TreeLimits limits;

    /** A parser holding JSON-object templates to Heat's default limits. */
    public TemplateParser() {
        this(ReaderOptions.heatDefaults());
    }

    /** A parser holding JSON-object templates to the given limits (the reader's, for text). */
    public TemplateParser(ReaderOptions limits) {
        this.limits = new TreeLimits(limits);
    }

    /**
     * Checks the template's outline and returns it; every problem is reported together, each
     * with the path it concerns (empty for the version, whose message quotes it).
     */
    public JsonNode validate(JsonNode template) {
        if (template == null || !template.isObject()) {
            throw new TemplateException("The template is not a mapping (YAML) or object (JSON)");
        }
        // a template read from text was held to these already; one sent as a JSON object was not
        List<TemplateProblem> breached = limits.check(template);
        if (!breached.isEmpty()) {
            throw new TemplateException(breached);
        }
        List<TemplateProblem> problems = new ArrayList<>();
        List<String> versions = new ArrayList<>(CfnTemplate.VERSION_KEYS.stream().filter(template::has).toList());
        if (!versions.isEmpty()) {
            if (template.has(HotVersion.KEY) || versions.size() > 1) {
                versions.add(HotVersion.KEY);
                throw new TemplateException("The template version is invalid: Ambiguous versions ("
                        + String.join(", ", versions.stream().filter(template::has).sorted().toList()) + ")");
            }
            problems.addAll(CfnTemplate.check(template));
            if (!problems.isEmpty()) {
                throw new TemplateException(problems);
            }
            return template;
        }
        JsonNode version = template.get("heat_template_version");
        if (version == null) {
            problems.add(new TemplateProblem("", "Template format version not found: heat_template_version is missing"));
        } else {
            try {
                // a list or mapping is quoted as JSON, not as the empty text Jackson gives it
                HotVersion.of(version.isValueNode() ? version.asText() : version.toString());
            } catch (ExpressionException e) {
                problems.add(new TemplateProblem("", e.heatMessage()));
            }
        }
        template.fieldNames().forEachRemaining(section -> {
            if (!SECTIONS.contains(section)) {
                problems.add(new TemplateProblem(section, "The template section is invalid: " + section));
            }
        });
        checkMapping(template, "parameters", problems);
        checkMapping(template, "outputs", problems);
        if (checkMapping(template, "resources", problems)) {
            for (Iterator<Map.Entry<String, JsonNode>> it = template.get("resources").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> resource = it.next();
                String path = "resources." + resource.getKey();
                JsonNode type = resource.getValue().get("type");
                checkName(resource.getKey(), path, problems);
                if (!resource.getValue().isObject()) {
                    problems.add(new TemplateProblem(path, "a resource must be a mapping"));
                } else if (type == null || !type.isTextual() || type.asText().isBlank()) {
                    problems.add(new TemplateProblem(path + ".type", "a resource must have a type"));
                } else if (length(type.asText()) > MAX_NAME) {
                    problems.add(new TemplateProblem(path + ".type", "a resource type must be at most " + MAX_NAME
                            + " characters, not " + length(type.asText())));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new TemplateException(problems);
        }
        return template;
    }

    /** Heat's rule (no "/": it separates a resource's path segments) and the length names are stored with. */
    static void checkName(String name, String path, List<TemplateProblem> problems) {
        if (name.contains("/")) {
            problems.add(new TemplateProblem(path, "Resource name may not contain \"/\""));
        }
        if (length(name) > MAX_NAME) {
            problems.add(new TemplateProblem(path, "a resource name must be at most " + MAX_NAME + " characters, not "
                    + length(name)));
        }
    }

    private static int length(String text) {
        return text.codePointCount(0, text.length());
    }

    private static boolean checkMapping(JsonNode template, String section, List<TemplateProblem> problems) {
        JsonNode node = template.get(section);
        if (node == null || node.isNull()) {
            return false;
        }
        if (!node.isObject()) {
            problems.add(new TemplateProblem(section, "must be a mapping"));
            return false;
        }
        return true;
    }
}
