package io.hearth.hot.read;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where each value of a document read by {@link TemplateReader} starts in its text.
 *
 * <p>Paths are written as {@link SourcePath} builds them: keys joined by dots, list items as
 * {@code [n]}, e.g. {@code resources.db_deployment.properties.config} or
 * {@code parameters.port.constraints[0]}. Also accepted: {@code .0} for a list item, and keys
 * holding dots written without brackets, when the document leaves one way to read the path.
 *
 * <p>A value reached through a YAML alias is located where its anchor defines it; an entry
 * merged in with {@code <<} is located where the merged mapping defines it.
 *
 * <p>The map mirrors the document's structure, one small record a value, and shares the
 * records of aliased values, so it grows with the text, not with alias expansion.
 */
public final class SourceMap {

    private final String document;
    private final Node root;

    SourceMap(String document, Node root) {
        this.document = document;
        this.root = root;
    }

    /** A map for a document that could not be read: it locates nothing. */
    static SourceMap empty(String document) {
        return new SourceMap(document, null);
    }

    /** The document this map is for: {@code template}, {@code environment} or a file name. */
    public String document() {
        return document;
    }

    /** {@code true} when the map locates nothing (the document could not be read). */
    public boolean isEmpty() {
        return root == null;
    }

    /** Where the value at {@code path} starts; empty when the document has no such value. */
    public Optional<SourceLocation> locate(String path) {
        Found found = find(path);
        return found == null || found.consumed != path.length() ? Optional.empty()
                : Optional.of(at(found.node.line, found.node.column));
    }

    /**
     * Where the key of the entry at {@code path} starts, which is usually where a reader looks
     * for it (for {@code config:} on one line and its value on the next, say). For a list item
     * or the whole document, where the value starts.
     */
    public Optional<SourceLocation> locateKey(String path) {
        Found found = find(path);
        if (found == null || found.consumed != path.length()) {
            return Optional.empty();
        }
        return Optional.of(found.keyLine > 0 ? at(found.keyLine, found.keyColumn)
                : at(found.node.line, found.node.column));
    }

    /**
     * Where the value at {@code path} starts or, when the document has no such value (a
     * missing property, say), where its nearest enclosing value does; empty only when the map
     * is empty.
     */
    public Optional<SourceLocation> locateNearest(String path) {
        Found found = find(path);
        if (found == null) {
            return root == null ? Optional.empty() : Optional.of(at(root.line, root.column));
        }
        if (found.consumed == path.length()) {
            return Optional.of(at(found.node.line, found.node.column));
        }
        return Optional.of(found.keyLine > 0 ? at(found.keyLine, found.keyColumn)
                : at(found.node.line, found.node.column));
    }

    private SourceLocation at(int line, int column) {
        return new SourceLocation(document, line, column);
    }

    /** The deepest value along {@code path}, and how much of the path led there. */
    private Found find(String path) {
        if (root == null || path == null) {
            return null;
        }
        Found[] deepest = {new Found(root, 0, 0, 0)};
        Found exact = walk(root, path, 0, 0, 0, deepest);
        return exact != null ? exact : deepest[0];
    }

    /**
     * Follows {@code path} from {@code pos} in {@code node}, trying each way to split a name
     * segment that holds dots or brackets. Records the deepest partial match in
     * {@code deepest[0]}.
     */
    private static Found walk(Node node, String path, int pos, int keyLine, int keyColumn, Found[] deepest) {
        if (pos > deepest[0].consumed) {
            deepest[0] = new Found(node, pos, keyLine, keyColumn);
        }
        if (pos == path.length()) {
            return new Found(node, pos, keyLine, keyColumn);
        }
        char c = path.charAt(pos);
        if (c == '[') {
            Found bracketed = walkBracket(node, path, pos, deepest);
            if (bracketed != null) {
                return bracketed;
            }
            // a key that itself starts with '[' at the very start of the path
            return pos == 0 ? walkName(node, path, pos, deepest) : null;
        }
        if (c == '.') {
            return walkName(node, path, pos + 1, deepest);
        }
        return pos == 0 ? walkName(node, path, pos, deepest) : null;
    }

    private static Found walkBracket(Node node, String path, int pos, Found[] deepest) {
        if (pos + 1 < path.length() && path.charAt(pos + 1) == '"') {
            SourcePath.Quoted quoted = SourcePath.unquote(path, pos + 1);
            if (quoted == null || quoted.end() >= path.length() || path.charAt(quoted.end()) != ']'
                    || node.fields == null) {
                return null;
            }
            Entry entry = node.fields.get(quoted.value());
            return entry == null ? null
                    : walk(entry.value, path, quoted.end() + 1, entry.keyLine, entry.keyColumn, deepest);
        }
        int close = path.indexOf(']', pos);
        if (close < 0 || node.items == null) {
            return null;
        }
        int index = parseIndex(path, pos + 1, close);
        if (index < 0 || index >= node.items.size()) {
            return null;
        }
        return walk(node.items.get(index), path, close + 1, 0, 0, deepest);
    }

    private static Found walkName(Node node, String path, int start, Found[] deepest) {
        for (int end = start; end <= path.length(); end++) {
            if (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
                continue;
            }
            if (end == start) {
                continue;
            }
            String name = path.substring(start, end);
            Found found = null;
            if (node.fields != null) {
                Entry entry = node.fields.get(name);
                if (entry != null) {
                    found = walk(entry.value, path, end, entry.keyLine, entry.keyColumn, deepest);
                }
            } else if (node.items != null) {
                int index = parseIndex(path, start, end);
                if (index >= 0 && index < node.items.size()) {
                    found = walk(node.items.get(index), path, end, 0, 0, deepest);
                }
            }
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** The decimal index in {@code path[from, to)}, or -1. */
    private static int parseIndex(String path, int from, int to) {
        if (from >= to || to - from > 9) {
            return -1;
        }
        int value = 0;
        for (int i = from; i < to; i++) {
            char d = path.charAt(i);
            if (d < '0' || d > '9') {
                return -1;
            }
            value = value * 10 + (d - '0');
        }
        return value;
    }

    private record Found(Node node, int consumed, int keyLine, int keyColumn) {
    }

    /** One value of the document: where it starts and, for collections, its children. */
    static final class Node {
        final int line;
        final int column;
        Map<String, Entry> fields;
        List<Node> items;

        Node(int line, int column) {
            this.line = line;
            this.column = column;
        }

        static Node mapping(int line, int column) {
            Node node = new Node(line, column);
            node.fields = new LinkedHashMap<>();
            return node;
        }

        static Node sequence(int line, int column) {
            Node node = new Node(line, column);
            node.items = new ArrayList<>();
            return node;
        }

        /** Adds or replaces (the last of duplicate keys wins, as in the document) an entry. */
        void put(String key, int keyLine, int keyColumn, Node value) {
            fields.put(key, new Entry(keyLine, keyColumn, value));
        }
    }

    /** A mapping entry: where its key starts, and its value. */
    record Entry(int keyLine, int keyColumn, Node value) {
    }
}
