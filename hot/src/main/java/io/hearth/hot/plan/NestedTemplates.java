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
    private final Map<String, Read> read = new HashMap<>();

    NestedTemplates(TemplateReader reader, TemplateParser parser, Map<String, String> files) {
        this.reader = reader;
        this.parser = parser;
        this.files = files;
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
        return template == null ? null : TemplateResourceType.of(nested.requested(), template);
    }
}
