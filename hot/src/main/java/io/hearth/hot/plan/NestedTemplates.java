package io.hearth.hot.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.TemplateException;
import io.hearth.hot.TemplateParser;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.read.ReadResult;
import io.hearth.hot.read.TemplateReader;
import io.hearth.hot.types.ResourceType;
import io.hearth.hot.types.TemplateResourceType;
import io.hearth.hot.types.TypeResolution;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The nested templates of one stack's {@code files}, each read (under the reader's limits) and outlined once:
 * what a template resource's properties, attributes and nested stack are checked against.
 */
final class NestedTemplates {

    /** One file read: its template, or why it cannot be used. */
    record Read(JsonNode template, List<TemplateProblem> problems) {
    }

    private final TemplateReader reader;
    private final TemplateParser parser;
    private final Map<String, String> files;
    private final JsonNode parameterDefaults;
    private final Map<String, Read> read = new HashMap<>();

    /**
     * @param parameterDefaults the environment's {@code parameter_defaults}, which make a template's parameters
     *                          optional properties; may be null
     */
    NestedTemplates(TemplateReader reader, TemplateParser parser, Map<String, String> files,
            JsonNode parameterDefaults) {
        this.reader = reader;
        this.parser = parser;
        this.files = files;
        this.parameterDefaults = parameterDefaults;
    }

    /** The file of that name read and outlined; its problems name the file (and line) themselves. */
    Read read(String name) {
        return read.computeIfAbsent(name, key -> text(key, files.get(key)));
    }

    /** A template given as text (an {@code OS::Heat::Stack}'s {@code template}), read and outlined. */
    Read text(String name, String text) {
        if (text == null) {
            return new Read(null, List.of(new TemplateProblem("", "Could not fetch remote template \"" + name
                    + "\": it is not in the stack's files")));
        }
        ReadResult result = name == null ? reader.readTemplate(text) : reader.readFile(name, text);
        if (!result.ok()) {
            return new Read(null, result.templateProblems());
        }
        try {
            return new Read(parser.validate(result.document()), List.of());
        } catch (TemplateException e) {
            return new Read(null, e.problems());
        }
    }

    /** The resource type of a template resource, or null when its template cannot be read. */
    ResourceType type(TypeResolution.NestedTemplate nested) {
        JsonNode template = read(nested.template()).template();
        return template == null ? null : TemplateResourceType.of(nested.requested(), template, parameterDefaults);
    }

    /**
     * Heat's facade check of a template resource ({@link TemplateResourceType#facadeProblem}): the provider's
     * template against the facade the registry gives besides it, a built-in type or a template in the files;
     * empty when the template offers the facade's interface, or the facade has no schema here.
     *
     * @param provider the template resource's resolution
     * @param template the provider's template, read
     * @param facade   what the registry resolves the type to besides the provider
     */
    Optional<String> facadeProblem(TypeResolution.NestedTemplate provider, JsonNode template, TypeResolution facade) {
        if (facade instanceof TypeResolution.Resolved resolved) {
            return TemplateResourceType.facadeProblem(provider.requested(), template, parameterDefaults,
                    resolved.type(), null);
        }
        if (facade instanceof TypeResolution.NestedTemplate other && files.containsKey(other.template())) {
            JsonNode facadeTemplate = read(other.template()).template();
            if (facadeTemplate != null) {
                return TemplateResourceType.facadeProblem(provider.requested(), template, parameterDefaults, null,
                        facadeTemplate);
            }
        }
        return Optional.empty();
    }
}
