package io.hearth.hot.read;

/**
 * Builds the paths {@link SourceMap} and {@link ReadProblem} use: keys joined by dots, list
 * items as {@code [n]}: {@code resources.db.properties.networks[0].port}. A key that would
 * make the path ambiguous (it is empty, or holds {@code .}, {@code [}, {@code ]} or {@code "})
 * is written in brackets as a JSON string: {@code metadata["metering.server_group"]}.
 *
 * <p>{@link SourceMap#locate} also accepts such keys unbracketed, which is how code that joins
 * keys with dots by hand writes them, as long as the document leaves only one way to read the
 * path.
 */
public final class SourcePath {

    /** The path of the document itself. */
    public static final String ROOT = "";

    private SourcePath() {
    }

    /** The path of {@code key} in the mapping at {@code parent}. */
    public static String key(String parent, String key) {
        if (isPlain(key)) {
            return parent.isEmpty() ? key : parent + "." + key;
        }
        return parent + "[" + quote(key) + "]";
    }

    /** The path of item {@code index} in the sequence at {@code parent}. */
    public static String index(String parent, int index) {
        return parent + "[" + index + "]";
    }

    /** {@code true} when {@code key} can stand in a path as it is. */
    static boolean isPlain(String key) {
        if (key.isEmpty()) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '.' || c == '[' || c == ']' || c == '"') {
                return false;
            }
        }
        return true;
    }

    /** {@code key} as a JSON string literal. */
    static String quote(String key) {
        StringBuilder out = new StringBuilder(key.length() + 2).append('"');
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /**
     * Reads a JSON string literal starting at {@code start} (which holds the opening quote).
     *
     * @return the string and the index just past its closing quote, or {@code null} when there
     *         is no well-formed literal there
     */
    static Quoted unquote(String path, int start) {
        StringBuilder out = new StringBuilder();
        int i = start + 1;
        while (i < path.length()) {
            char c = path.charAt(i);
            if (c == '"') {
                return new Quoted(out.toString(), i + 1);
            }
            if (c == '\\') {
                if (i + 1 >= path.length()) {
                    return null;
                }
                char e = path.charAt(i + 1);
                switch (e) {
                    case '"', '\\', '/' -> out.append(e);
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        if (i + 6 > path.length()) {
                            return null;
                        }
                        try {
                            out.append((char) Integer.parseInt(path.substring(i + 2, i + 6), 16));
                        } catch (NumberFormatException e2) {
                            return null;
                        }
                        i += 4;
                    }
                    default -> {
                        return null;
                    }
                }
                i += 2;
            } else {
                out.append(c);
                i++;
            }
        }
        return null;
    }

    record Quoted(String value, int end) {
    }
}
