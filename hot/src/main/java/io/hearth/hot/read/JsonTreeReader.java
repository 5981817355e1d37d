package io.hearth.hot.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.read.ReadState.KeyTracker;
import java.io.IOException;
import java.math.BigInteger;

/**
 * Reads JSON text the way Heat's first attempt, Python's {@code json.loads}, does (duplicate
 * keys: the last wins; {@code NaN} and {@code Infinity} accepted), building the
 * {@link SourceMap} as it goes. A syntax error is not reported from here: Heat then reads the
 * text as YAML, and so does {@link TemplateReader}.
 */
final class JsonTreeReader {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final JsonFactory factory;

    JsonTreeReader(ReaderOptions options) {
        this.factory = JsonFactory.builder()
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .streamReadConstraints(StreamReadConstraints.builder()
                        // the reader's own depth check comes first; this is a backstop
                        .maxNestingDepth(options.maxDepth() + 1)
                        .maxNumberLength(4300)
                        .maxStringLength(Math.max(options.maxCodePoints(), options.maxEnvironmentBytes()) + 16)
                        .build())
                .build();
    }

    /**
     * Reads {@code text} as one JSON value.
     *
     * @return the value and its source, or {@code null} when the text is not JSON
     * @throws ReadState.ReadAbort when a limit is passed
     */
    Read read(String text, ReadState state) {
        try (JsonParser parser = factory.createParser(text)) {
            Builder builder = new Builder(parser, text, state);
            JsonToken first = parser.nextToken();
            if (first == null) {
                return null;
            }
            JsonNode value = builder.value(first, 1);
            if (parser.nextToken() != null) {
                return null; // "Extra data": not JSON, so Heat tries YAML
            }
            return new Read(value, builder.lastSource);
        } catch (IOException e) {
            return null;
        }
    }

    record Read(JsonNode value, SourceMap.Node source) {
    }

    private static final class Builder {
        private final JsonParser parser;
        private final String text;
        private final ReadState state;
        /** Without surrogate pairs, Jackson's columns (in chars) are already code points. */
        private final boolean hasSurrogates;
        private SourceMap.Node lastSource;
        private int lastLine;
        private int lastOffset;
        private int lastColumn;

        Builder(JsonParser parser, String text, ReadState state) {
            this.parser = parser;
            this.text = text;
            this.state = state;
            this.hasSurrogates = text.chars().anyMatch(c -> Character.isSurrogate((char) c));
        }

        JsonNode value(JsonToken token, int depth) throws IOException {
            SourceLocation where = here();
            state.checkDepth(depth, where.line(), where.column());
            switch (token) {
                case START_OBJECT -> {
                    state.spend(0, where.line(), where.column());
                    SourceMap.Node source = SourceMap.Node.mapping(where.line(), where.column());
                    ObjectNode out = JSON.objectNode();
                    KeyTracker keys = new KeyTracker();
                    for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; next = parser.nextToken()) {
                        if (next != JsonToken.FIELD_NAME) {
                            throw new IOException("expected a field name");
                        }
                        String key = parser.currentName();
                        SourceLocation keyAt = here();
                        state.checkDepth(depth + 1, keyAt.line(), keyAt.column());
                        state.spend(key.length(), keyAt.line(), keyAt.column());
                        JsonToken valueToken = parser.nextToken();
                        if (valueToken == null) {
                            throw new IOException("unexpected end of input");
                        }
                        state.enter(key);
                        try {
                            SourceLocation before = keys.firstSeen(key, keyAt);
                            if (before != null) {
                                state.duplicate(key, before, keyAt);
                            }
                            out.set(key, value(valueToken, depth + 1));
                        } finally {
                            state.leave();
                        }
                        source.put(key, keyAt.line(), keyAt.column(), lastSource);
                    }
                    lastSource = source;
                    return out;
                }
                case START_ARRAY -> {
                    state.spend(0, where.line(), where.column());
                    SourceMap.Node source = SourceMap.Node.sequence(where.line(), where.column());
                    ArrayNode out = JSON.arrayNode();
                    int index = 0;
                    for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
                        if (next == null) {
                            throw new IOException("unexpected end of input");
                        }
                        state.enter(index++);
                        try {
                            out.add(value(next, depth + 1));
                        } finally {
                            state.leave();
                        }
                        source.items.add(lastSource);
                    }
                    lastSource = source;
                    return out;
                }
                default -> {
                    JsonNode scalar = scalar(token);
                    state.spend(scalar.isTextual() ? scalar.textValue().length() : 0, where.line(), where.column());
                    lastSource = new SourceMap.Node(where.line(), where.column());
                    return scalar;
                }
            }
        }

        private JsonNode scalar(JsonToken token) throws IOException {
            return switch (token) {
                case VALUE_STRING -> JSON.textNode(parser.getText());
                case VALUE_TRUE -> JSON.booleanNode(true);
                case VALUE_FALSE -> JSON.booleanNode(false);
                case VALUE_NULL -> JSON.nullNode();
                case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                    case INT -> JSON.numberNode(parser.getIntValue());
                    case LONG -> JSON.numberNode(parser.getLongValue());
                    default -> {
                        BigInteger big = parser.getBigIntegerValue();
                        yield JSON.numberNode(big);
                    }
                };
                case VALUE_NUMBER_FLOAT -> JSON.numberNode(parser.getDoubleValue());
                default -> throw new IOException("unexpected token " + token);
            };
        }

        /**
         * Where the current token starts, its column counted in code points. Tokens come in
         * order, so the count goes on from the previous token on the same line rather than from
         * the line's start: a document on one long line stays linear.
         */
        private SourceLocation here() {
            JsonLocation location = parser.currentTokenLocation();
            int line = Math.max(1, location.getLineNr());
            int column = Math.max(1, location.getColumnNr());
            long offset = location.getCharOffset();
            if (hasSurrogates && offset >= 0 && offset <= text.length()) {
                int at = (int) offset;
                int lineStart = at - (column - 1);
                if (line == lastLine && at >= lastOffset && lastOffset >= lineStart) {
                    column = lastColumn + text.codePointCount(lastOffset, at);
                } else if (lineStart >= 0) {
                    column = text.codePointCount(lineStart, at) + 1;
                }
                lastLine = line;
                lastOffset = at;
                lastColumn = column;
            }
            return state.at(line, column);
        }
    }
}
