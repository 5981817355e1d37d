package io.hearth.hot.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.TemplateProblem;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The limits of {@link ReaderOptions} for a template that arrived already parsed (Heat's API
 * accepts the template as a JSON object as well as text), so that it cannot pass what the same
 * template as text would not: its size, its nesting depth (counted as the reader counts: the
 * top-level mapping is level 1, each value one level below its collection) and its number of
 * resources. Aliases and encodings do not arise in a parsed tree.
 *
 * <p>The size is that of the keys and strings alone, in UTF-8 bytes: a text of the template, JSON
 * or YAML, spells each of them out, so it is practically never shorter, and a template the
 * reader accepted as text is not refused here unless aliases multiplied it past the limit.
 */
public final class TreeLimits {

    private final ReaderOptions options;

    public TreeLimits(ReaderOptions options) {
        this.options = options;
    }

    /** Heat's default limits. */
    public static TreeLimits heatDefaults() {
        return new TreeLimits(ReaderOptions.heatDefaults());
    }

    /** Every limit the template breaches, with the messages the reader gives; empty when within all. */
    public List<TemplateProblem> check(JsonNode template) {
        List<TemplateProblem> problems = new ArrayList<>();
        long bytes = contentBytes(template);
        if (bytes > options.maxTemplateBytes()) {
            problems.add(new TemplateProblem("", "Request limit exceeded: Template size (at least " + bytes
                    + " bytes) exceeds maximum allowed size (" + options.maxTemplateBytes() + " bytes)."));
            return problems;
        }
        String tooDeep = firstTooDeep(template);
        if (tooDeep != null) {
            problems.add(new TemplateProblem(tooDeep, "Template is nested more than " + options.maxDepth()
                    + " levels deep"));
        }
        JsonNode resources = template.get("resources");
        if (options.maxResources() >= 0 && resources != null && resources.isObject()
                && resources.size() > options.maxResources()) {
            problems.add(new TemplateProblem("resources", "Request limit exceeded: Maximum resources per stack "
                    + "exceeded. The template defines " + resources.size() + " resources; at most "
                    + options.maxResources() + " are allowed"));
        }
        return problems;
    }

    /** The UTF-8 bytes of every key and string value. */
    private static long contentBytes(JsonNode root) {
        long bytes = 0;
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            JsonNode node = todo.pop();
            if (node.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    bytes += utf8(e.getKey());
                    todo.push(e.getValue());
                }
            } else if (node.isArray()) {
                node.forEach(todo::push);
            } else if (node.isTextual()) {
                bytes += utf8(node.textValue());
            }
        }
        return bytes;
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * Where the first value nested deeper than the limit is, as the path of its first three
     * steps (the whole path of a value 500 levels down helps nobody); null when none is.
     */
    private String firstTooDeep(JsonNode root) {
        record Step(JsonNode node, int depth, String path) {
        }
        Deque<Step> todo = new ArrayDeque<>();
        todo.push(new Step(root, 1, ""));
        while (!todo.isEmpty()) {
            Step step = todo.pop();
            if (step.depth() > options.maxDepth()) {
                return step.path();
            }
            if (step.node().isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = step.node().fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    todo.push(new Step(e.getValue(), step.depth() + 1, step.depth() > 3 ? step.path()
                            : SourcePath.key(step.path(), e.getKey())));
                }
            } else if (step.node().isArray()) {
                for (int i = 0; i < step.node().size(); i++) {
                    todo.push(new Step(step.node().get(i), step.depth() + 1, step.depth() > 3 ? step.path()
                            : SourcePath.index(step.path(), i)));
                }
            }
        }
        return null;
    }
}
