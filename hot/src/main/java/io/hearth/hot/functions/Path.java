package io.hearth.hot.functions;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** Where a value is in a template, written as Heat writes it: {@code resources.web.properties.nets[0].port}. */
final class Path {

    static final Path ROOT = new Path(null, null);

    private final Path parent;
    private final Object segment;

    private Path(Path parent, Object segment) {
        this.parent = parent;
        this.segment = segment;
    }

    static Path of(String... segments) {
        Path p = ROOT;
        for (String s : segments) {
            p = p.key(s);
        }
        return p;
    }

    Path key(String key) {
        return new Path(this, key);
    }

    Path index(int index) {
        return new Path(this, index);
    }

    boolean isRoot() {
        return parent == null;
    }

    List<Object> segments() {
        Deque<Object> out = new ArrayDeque<>();
        for (Path p = this; p.parent != null; p = p.parent) {
            out.addFirst(p.segment);
        }
        return new ArrayList<>(out);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (Object s : segments()) {
            if (s instanceof Integer) {
                out.append('[').append(s).append(']');
            } else {
                if (out.length() > 0) {
                    out.append('.');
                }
                out.append(s);
            }
        }
        return out.toString();
    }
}
