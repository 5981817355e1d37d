package io.hearth.hot.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.hearth.hot.read.ReadState.DocumentKind;
import io.hearth.hot.read.ReadState.ReadAbort;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * Reads HOT templates, environments and template files from a stack's {@code files} the way
 * Heat does ({@code heat/common/template_format.py} and {@code environment_format.py}), and
 * tells the user exactly where any problem is.
 *
 * <p>As in Heat, a template is first tried as JSON and then read as YAML with PyYAML's safe
 * rules ({@link HeatYamlResolver}, {@link NodeConverter}): {@code heat_template_version:
 * 2018-08-31} stays a string, {@code yes} is {@code true}, {@code 0755} is 493. An environment
 * is read as YAML only. Every document must be a mapping; an empty template is a problem, an
 * empty environment is not.
 *
 * <p>Hostile input is refused early and cheaply: the size (in UTF-8 bytes and in characters)
 * before anything is parsed, bytes that are not UTF-8 at the first bad byte, aliases to
 * collections while composing (the "billion laughs"), and nesting depth, values and characters
 * as aliases are expanded. See {@link ReaderOptions}.
 *
 * <p>Nothing is thrown for bad input: every outcome is a {@link ReadResult}. Instances are
 * immutable and may be shared between threads.
 */
public final class TemplateReader {

    private static final Set<String> ENVIRONMENT_SECTIONS = Set.of("parameters", "resource_registry",
            "parameter_defaults", "encrypted_param_names", "event_sinks", "parameter_merge_strategies");

    private final ReaderOptions options;
    private final JsonTreeReader json;

    /** A reader with Heat's default limits. */
    public TemplateReader() {
        this(ReaderOptions.heatDefaults());
    }

    public TemplateReader(ReaderOptions options) {
        this.options = options;
        this.json = new JsonTreeReader(options);
    }

    public ReaderOptions options() {
        return options;
    }

    /** Reads the stack's template; its locations name the document {@code template}. */
    public ReadResult readTemplate(String text) {
        return readText(new ReadState(options, DocumentKind.TEMPLATE, "template"), text);
    }

    /** Reads the stack's template from bytes, which must be UTF-8. */
    public ReadResult readTemplate(byte[] bytes) {
        return readBytes(new ReadState(options, DocumentKind.TEMPLATE, "template"), bytes);
    }

    /** Reads the stack's environment; its locations name the document {@code environment}. */
    public ReadResult readEnvironment(String text) {
        return readText(new ReadState(options, DocumentKind.ENVIRONMENT, "environment"), text);
    }

    /** Reads the stack's environment from bytes, which must be UTF-8. */
    public ReadResult readEnvironment(byte[] bytes) {
        return readBytes(new ReadState(options, DocumentKind.ENVIRONMENT, "environment"), bytes);
    }

    /**
     * Reads a template from the stack's {@code files} (a nested or provider template), under
     * the same rules and limits as the stack's template; its locations name the file.
     */
    public ReadResult readFile(String name, String text) {
        return readText(new ReadState(options, DocumentKind.FILE, fileName(name)), text);
    }

    /** Reads a template from the stack's {@code files} from bytes, which must be UTF-8. */
    public ReadResult readFile(String name, byte[] bytes) {
        return readBytes(new ReadState(options, DocumentKind.FILE, fileName(name)), bytes);
    }

    private static String fileName(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a file needs a name");
        }
        return name;
    }

    private int maxBytes(DocumentKind kind) {
        return kind == DocumentKind.ENVIRONMENT ? options.maxEnvironmentBytes() : options.maxTemplateBytes();
    }

    private ReadResult readText(ReadState state, String text) {
        if (text == null) {
            text = "";
        }
        long bytes = utf8Length(text);
        if (bytes > maxBytes(state.kind)) {
            return failed(state, tooBig(state, bytes, maxBytes(state.kind), "bytes"));
        }
        return readChecked(state, text);
    }

    private ReadResult readBytes(ReadState state, byte[] bytes) {
        if (bytes == null) {
            bytes = new byte[0];
        }
        if (bytes.length > maxBytes(state.kind)) {
            return failed(state, tooBig(state, bytes.length, maxBytes(state.kind), "bytes"));
        }
        String text;
        try {
            text = decodeUtf8(state, bytes);
        } catch (ReadAbort e) {
            return failed(state, e.problem);
        }
        return readChecked(state, text);
    }

    /** Reads text already within the byte limit. */
    private ReadResult readChecked(ReadState state, String text) {
        int codePoints = text.codePointCount(0, text.length());
        if (state.kind != DocumentKind.ENVIRONMENT && codePoints > options.maxCodePoints()) {
            return failed(state, tooBig(state, codePoints, options.maxCodePoints(), "characters"));
        }
        try {
            return parse(state, text);
        } catch (ReadAbort e) {
            return failed(state, e.problem);
        } catch (StackOverflowError e) {
            return failed(state, new ReadProblem("", state.kind.noun(state.document)
                    + " is nested too deeply to read", null));
        }
    }

    private ReadResult parse(ReadState state, String text) {
        if (state.kind != DocumentKind.ENVIRONMENT && startsLikeJson(text)) {
            ReadState jsonState = new ReadState(options, state.kind, state.document);
            JsonTreeReader.Read read = json.read(text, jsonState);
            if (read != null) {
                return converted(jsonState, read.value(), read.source());
            }
        }
        checkPrintable(state, text);
        LoaderOptions loader = loaderOptions();
        RecordingParser parser = new RecordingParser(new ParserImpl(new StreamReader(text), loader));
        Node root;
        try {
            root = new Composer(parser, new HeatYamlResolver(), loader).getSingleNode();
        } catch (MarkedYAMLException e) {
            return failed(state, syntaxError(state, e));
        } catch (YAMLException e) {
            return failed(state, composeLimit(state, e, parser));
        } catch (RuntimeException e) {
            return failed(state, new ReadProblem("", "Error parsing " + state.kind.lowerNoun(state.document) + ": "
                    + e, null));
        }
        if (root == null) {
            return finish(state, null, null);
        }
        NodeConverter converter = new NodeConverter(state);
        JsonNode value = converter.convert(root, 1);
        return converted(state, value, converter.source(root));
    }

    /** A document with problems in its values cannot be used; otherwise, on to Heat's checks. */
    private ReadResult converted(ReadState state, JsonNode value, SourceMap.Node source) {
        if (!state.problems.isEmpty()) {
            return new ReadResult(null, SourceMap.empty(state.document), state.problems, state.warnings);
        }
        return finish(state, value, source);
    }

    /** Heat's checks on the document as a whole, once it is read. */
    private ReadResult finish(ReadState state, JsonNode value, SourceMap.Node source) {
        if (value == null || value.isNull()) {
            // Heat reads an empty document (or a lone null) as an empty mapping
            value = JsonNodeFactory.instance.objectNode();
            source = source == null ? SourceMap.Node.mapping(1, 1) : source;
            if (state.kind != DocumentKind.ENVIRONMENT) {
                state.problems.add(new ReadProblem("", "Template format version not found: the "
                        + state.kind.lowerNoun(state.document) + " is empty", state.at(1, 1)));
            }
            return result(state, value, source);
        }
        SourceMap map = new SourceMap(state.document, source);
        if (!value.isObject()) {
            SourceLocation where = state.at(source.line, source.column);
            String message = state.kind == DocumentKind.ENVIRONMENT
                    ? "The environment is not a valid YAML mapping data type."
                    : "The " + (state.kind == DocumentKind.FILE ? "template " + state.document : "template")
                            + " is not a JSON object or YAML mapping.";
            state.problems.add(new ReadProblem("", message + " It is a " + typeName(value)
                    + ReadState.near(where), where));
            return result(state, value, source);
        }
        if (state.kind == DocumentKind.ENVIRONMENT) {
            checkEnvironment(state, value, map);
        } else {
            checkResourceCount(state, value, map);
        }
        return result(state, value, source);
    }

    private static ReadResult result(ReadState state, JsonNode value, SourceMap.Node source) {
        return new ReadResult(value, new SourceMap(state.document, source), state.problems, state.warnings);
    }

    private static ReadResult failed(ReadState state, ReadProblem problem) {
        return new ReadResult(null, SourceMap.empty(state.document), List.of(problem), List.of());
    }

    /** As {@code environment_format.parse}: known sections only, none of them empty. */
    private static void checkEnvironment(ReadState state, JsonNode env, SourceMap map) {
        for (var it = env.properties().iterator(); it.hasNext();) {
            Map.Entry<String, JsonNode> section = it.next();
            String path = SourcePath.key("", section.getKey());
            SourceLocation where = map.locateKey(path).orElse(null);
            if (!ENVIRONMENT_SECTIONS.contains(section.getKey())) {
                state.problems.add(new ReadProblem(path, "environment has wrong section \"" + section.getKey()
                        + "\"; the sections are " + ENVIRONMENT_SECTIONS.stream().sorted().toList()
                        + ReadState.near(where), where));
            } else if (section.getValue().isNull()) {
                state.problems.add(new ReadProblem(path, "environment has empty section \"" + section.getKey()
                        + "\"" + ReadState.near(where), where));
            }
        }
    }

    /** Heat's {@code max_resources_per_stack}, applied to the one template read. */
    private void checkResourceCount(ReadState state, JsonNode template, SourceMap map) {
        if (options.maxResources() < 0) {
            return;
        }
        String section = template.has("resources") ? "resources" : template.has("Resources") ? "Resources" : null;
        if (section == null || !template.get(section).isObject()) {
            return;
        }
        int count = template.get(section).size();
        if (count > options.maxResources()) {
            SourceLocation where = map.locateKey(section).orElse(null);
            state.problems.add(new ReadProblem(section, "Request limit exceeded: Maximum resources per stack exceeded. "
                    + "The " + state.kind.lowerNoun(state.document) + " defines " + count
                    + " resources; at most " + options.maxResources() + " are allowed" + ReadState.near(where),
                    where));
        }
    }

    private LoaderOptions loaderOptions() {
        LoaderOptions loader = new LoaderOptions();
        loader.setMaxAliasesForCollections(options.maxAliasesForCollections());
        // SnakeYAML lets one level more through than its limit says
        loader.setNestingDepthLimit(options.maxDepth() - 1);
        // checked exactly before parsing; this is SnakeYAML's own backstop
        loader.setCodePointLimit(Math.max(options.maxCodePoints(), options.maxEnvironmentBytes()) + 16);
        loader.setAllowRecursiveKeys(false);
        loader.setProcessComments(false);
        // every tag is let through to NodeConverter, which reports unknown ones with their place
        loader.setTagInspector(tag -> true);
        return loader;
    }

    /** {@code Error parsing template at line 3, column 5: <reason> (<context> at line 1, column 1)}. */
    private static ReadProblem syntaxError(ReadState state, MarkedYAMLException e) {
        Mark problemMark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        SourceLocation where = problemMark == null ? null : state.at(problemMark.getLine() + 1,
                problemMark.getColumn() + 1);
        String problem = e.getProblem() == null ? "" : e.getProblem().trim();
        String context = e.getContext() == null ? "" : e.getContext().trim();
        Mark contextMark = e.getContextMark();
        String reason;
        if (context.isEmpty()) {
            reason = problem;
        } else if (problem.startsWith("but ")) {
            reason = context + ", " + problem
                    + (contextMark == null ? "" : " (the first starts at " + describe(contextMark) + ")");
        } else if (contextMark != null && (problemMark == null || !sameSpot(contextMark, problemMark))) {
            reason = problem + " (" + context + " at " + describe(contextMark) + ")";
        } else {
            reason = context + ": " + problem;
        }
        if (reason.isEmpty()) {
            reason = String.valueOf(e.getMessage()).trim();
        }
        return new ReadProblem("", "Error parsing " + state.kind.lowerNoun(state.document)
                + (where == null ? "" : " at " + where.describe()) + ": " + reason, where);
    }

    /** The composer's own limits, which SnakeYAML reports without a place. */
    private ReadProblem composeLimit(ReadState state, YAMLException e, RecordingParser parser) {
        String message = String.valueOf(e.getMessage());
        if (message.startsWith("Number of aliases for non-scalar nodes exceeds")) {
            SourceLocation where = parser.last == null ? null : mark(state, parser.last.getStartMark());
            return new ReadProblem("", state.kind.noun(state.document) + " uses more than "
                    + options.maxAliasesForCollections() + " aliases (*name) to mappings or sequences"
                    + (where == null ? "" : "; the one past the limit is at " + where.describe())
                    + ". Such documents are refused because each alias can multiply the document's size "
                    + "(a \"billion laughs\" attack)", where);
        }
        if (message.startsWith("Nesting Depth exceeded")) {
            SourceLocation where = null;
            try {
                Event next = parser.peekEvent();
                where = next == null ? null : mark(state, next.getStartMark());
            } catch (RuntimeException ignored) {
                // no place then
            }
            return new ReadProblem("", state.kind.noun(state.document) + " is nested more than "
                    + options.maxDepth() + " levels deep" + ReadState.near(where), where);
        }
        if (message.startsWith("The incoming YAML document exceeds the limit")) {
            return new ReadProblem("", "Request limit exceeded: " + state.kind.noun(state.document)
                    + " exceeds the maximum allowed size (" + message + ")", null);
        }
        return new ReadProblem("", "Error parsing " + state.kind.lowerNoun(state.document) + ": " + message, null);
    }

    private static SourceLocation mark(ReadState state, Mark mark) {
        return mark == null ? null : state.at(mark.getLine() + 1, mark.getColumn() + 1);
    }

    private static String describe(Mark mark) {
        return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
    }

    private static boolean sameSpot(Mark a, Mark b) {
        return a.getLine() == b.getLine() && a.getColumn() == b.getColumn();
    }

    /** As Heat's (and PyYAML's) size messages. */
    private static ReadProblem tooBig(ReadState state, long actual, int limit, String unit) {
        return new ReadProblem("", "Request limit exceeded: " + state.kind.noun(state.document) + " size (" + actual
                + " " + unit + ") exceeds maximum allowed size (" + limit + " " + unit + ").", null);
    }

    /** Heat's first attempt, {@code json.loads}, can only give a mapping for such text. */
    private static boolean startsLikeJson(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                continue;
            }
            return c == '{' || c == '[';
        }
        return false;
    }

    /**
     * PyYAML's reader refuses, before anything else, characters outside YAML's printable set
     * (control characters other than tab and line breaks, U+FFFE, U+FFFF, lone surrogates).
     */
    private static void checkPrintable(ReadState state, String text) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < text.length();) {
            int c = text.codePointAt(i);
            boolean printable = c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0x7E) || c == 0x85
                    || (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
            if (!printable) {
                SourceLocation where = state.at(line, column);
                throw new ReadAbort(new ReadProblem("", "Error parsing " + state.kind.lowerNoun(state.document)
                        + " at " + where.describe() + ": unacceptable character " + String.format("#x%04X", c)
                        + ": special characters are not allowed", where));
            }
            i += Character.charCount(c);
            if (isLineBreak(c, text, i)) {
                line++;
                column = 1;
            } else if (c != 0xFEFF) {
                column++;
            }
        }
    }

    /** As SnakeYAML counts lines: {@code \n}, a {@code \r} not before {@code \n}, NEL, LS, PS. */
    private static boolean isLineBreak(int c, CharSequence text, int next) {
        return c == '\n' || c == 0x85 || c == 0x2028 || c == 0x2029
                || (c == '\r' && (next >= text.length() || text.charAt(next) != '\n'));
    }

    /** The UTF-8 length of {@code text}, counted without encoding it. */
    private static long utf8Length(String text) {
        long length = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                length++;
            } else if (c < 0x800) {
                length += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                length += 4;
                i++;
            } else {
                length += 3;
            }
        }
        return length;
    }

    /** Strict UTF-8; the first bad byte is reported by offset, line and column. */
    private static String decodeUtf8(ReadState state, byte[] bytes) {
        if (bytes.length >= 2 && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)
                || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
            throw new ReadAbort(new ReadProblem("", state.kind.noun(state.document)
                    + " is not UTF-8: it starts with a UTF-16 byte order mark (0x"
                    + String.format("%02X%02X", bytes[0], bytes[1]) + "); save it as UTF-8", null));
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isUnderflow()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int offset = in.position();
            out.flip();
            int line = 1;
            int column = 1;
            for (int i = 0; i < out.length();) {
                int c = Character.codePointAt(out, i);
                i += Character.charCount(c);
                if (isLineBreak(c, out, i)) {
                    line++;
                    column = 1;
                } else if (c != 0xFEFF) {
                    column++;
                }
            }
            SourceLocation where = state.at(line, column);
            StringBuilder badBytes = new StringBuilder();
            for (int i = offset; i < Math.min(bytes.length, offset + Math.max(1, result.length())); i++) {
                badBytes.append(badBytes.length() == 0 ? "" : " ").append(String.format("0x%02X", bytes[i]));
            }
            throw new ReadAbort(new ReadProblem("", state.kind.noun(state.document) + " is not valid UTF-8: "
                    + "byte offset " + offset + " (" + where.describe() + ") holds " + badBytes
                    + ", which is not a valid UTF-8 sequence", where));
        }
        out.flip();
        return out.toString();
    }

    private static String typeName(JsonNode value) {
        if (value.isArray()) {
            return "list.";
        }
        if (value.isTextual()) {
            return "string.";
        }
        if (value.isNumber()) {
            return "number.";
        }
        if (value.isBoolean()) {
            return "boolean.";
        }
        return value.getNodeType().name().toLowerCase() + ".";
    }

    /** Remembers the last event handed to the composer, to place errors it reports without one. */
    private static final class RecordingParser implements Parser {
        private final Parser delegate;
        private Event last;

        RecordingParser(Parser delegate) {
            this.delegate = delegate;
        }

        @Override
        public boolean checkEvent(Event.ID choice) {
            return delegate.checkEvent(choice);
        }

        @Override
        public Event peekEvent() {
            return delegate.peekEvent();
        }

        @Override
        public Event getEvent() {
            last = delegate.getEvent();
            return last;
        }
    }
}
