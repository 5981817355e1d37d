package io.hearth.hot.read;

import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Decides the type of each plain (unquoted, untagged) scalar the way Heat's loader does: Heat
 * uses PyYAML's {@code SafeLoader}, whose YAML 1.1 resolver differs from SnakeYAML's in small
 * ways (a float needs a dot, and its exponent a sign: {@code 1e5} is a string). Timestamps are
 * recognised here and kept as strings by {@link NodeConverter}, as Heat's loader does.
 */
final class HeatYamlResolver extends Resolver {

    /** PyYAML's {@code tag:yaml.org,2002:value}, the plain scalar {@code =}; no safe constructor. */
    static final Tag VALUE = new Tag(Tag.PREFIX + "value");

    // PyYAML resolver.py. Its int and float patterns are matched by hand below (isPyInt,
    // isPyFloat): Java's regex engine recurses once per repetition of a group such as
    // (?::[0-5]?[0-9])+, so a long plain scalar like 1:1:1:... would overflow the stack.
    static final Pattern PY_BOOL = Pattern.compile(
            "yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF");
    static final Pattern PY_NULL = Pattern.compile("~|null|Null|NULL|");
    static final Pattern PY_TIMESTAMP = Pattern.compile(
            "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]"
                    + "|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?"
                    + "(?:[Tt]|[ \\t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\\.[0-9]*)?"
                    + "(?:[ \\t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?");

    @Override
    protected void addImplicitResolvers() {
        // resolve() below does all the work; SnakeYAML's own table is left empty
    }

    @Override
    public Tag resolve(NodeId kind, String value, boolean implicit) {
        if (kind == NodeId.scalar && implicit) {
            return resolvePlain(value);
        }
        return switch (kind) {
            case scalar -> Tag.STR;
            case sequence -> Tag.SEQ;
            default -> Tag.MAP;
        };
    }

    static Tag resolvePlain(String value) {
        if (value.isEmpty()) {
            return Tag.NULL;
        }
        char first = value.charAt(0);
        // the first character picks the candidates, as in PyYAML; it also keeps long strings
        // away from the patterns
        if ("yYnNtTfFoO".indexOf(first) >= 0 && value.length() <= 5 && PY_BOOL.matcher(value).matches()) {
            return Tag.BOOL;
        }
        boolean numeric = "-+0123456789.".indexOf(first) >= 0;
        if (numeric && isPyFloat(value)) {
            return Tag.FLOAT;
        }
        if (numeric && first != '.' && isPyInt(value)) {
            return Tag.INT;
        }
        if (first == '<' && value.equals("<<")) {
            return Tag.MERGE;
        }
        if ("~nN".indexOf(first) >= 0 && value.length() <= 4 && PY_NULL.matcher(value).matches()) {
            return Tag.NULL;
        }
        if (first >= '0' && first <= '9' && PY_TIMESTAMP.matcher(value).matches()) {
            return Tag.TIMESTAMP;
        }
        if (first == '=' && value.length() == 1) {
            return VALUE;
        }
        return Tag.STR;
    }

    /**
     * PyYAML's int pattern: {@code [-+]?0b[0-1_]+ | [-+]?0[0-7_]+ | [-+]?(?:0|[1-9][0-9_]*)
     * | [-+]?0x[0-9a-fA-F_]+ | [-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+}.
     */
    static boolean isPyInt(String v) {
        int n = v.length();
        int i = signEnd(v);
        if (i >= n) {
            return false;
        }
        char c = v.charAt(i);
        if (c == '0') {
            if (i + 1 == n) {
                return true;
            }
            char next = v.charAt(i + 1);
            if (next == 'b') {
                return i + 2 < n && all(v, i + 2, n, "01_");
            }
            if (next == 'x') {
                return i + 2 < n && all(v, i + 2, n, "0123456789abcdefABCDEF_");
            }
            return all(v, i + 1, n, "01234567_");
        }
        if (c < '1' || c > '9') {
            return false;
        }
        int j = digitsEnd(v, i + 1, n);
        return j == n || sexagesimalTail(v, j, n);
    }

    /**
     * PyYAML's float pattern: {@code [-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
     * | \.[0-9_]+(?:[eE][-+][0-9]+)? | [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
     * | [-+]?\.(?:inf|Inf|INF) | \.(?:nan|NaN|NAN)}.
     */
    static boolean isPyFloat(String v) {
        int n = v.length();
        int i = signEnd(v);
        boolean signed = i > 0;
        if (i >= n) {
            return false;
        }
        if (v.charAt(i) == '.') {
            String word = n - i == 4 ? v.substring(i + 1) : "";
            if (word.equals("inf") || word.equals("Inf") || word.equals("INF")) {
                return true;
            }
            if (signed) {
                return false;
            }
            if (word.equals("nan") || word.equals("NaN") || word.equals("NAN")) {
                return true;
            }
            int j = digitsEnd(v, i + 1, n);
            return j > i + 1 && exponentToEnd(v, j);
        }
        if (v.charAt(i) < '0' || v.charAt(i) > '9') {
            return false;
        }
        int j = digitsEnd(v, i + 1, n);
        if (j == n) {
            return false;
        }
        if (v.charAt(j) == '.') {
            return exponentToEnd(v, digitsEnd(v, j + 1, n));
        }
        int dot = v.indexOf('.', j);
        return v.charAt(j) == ':' && dot > 0 && sexagesimalTail(v, j, dot) && digitsEnd(v, dot + 1, n) == n;
    }

    /** One or more {@code :[0-5]?[0-9]} filling {@code v[from, to)} exactly. */
    private static boolean sexagesimalTail(String v, int from, int to) {
        int i = from;
        if (i >= to) {
            return false;
        }
        while (i < to) {
            if (v.charAt(i) != ':') {
                return false;
            }
            int start = ++i;
            while (i < to && i - start < 2 && v.charAt(i) >= '0' && v.charAt(i) <= '9') {
                i++;
            }
            if (i == start || (i - start == 2 && v.charAt(start) > '5')) {
                return false;
            }
        }
        return true;
    }

    /** {@code (?:[eE][-+][0-9]+)?} from {@code from} to the end. */
    private static boolean exponentToEnd(String v, int from) {
        int n = v.length();
        if (from == n) {
            return true;
        }
        if ((v.charAt(from) != 'e' && v.charAt(from) != 'E') || from + 2 >= n
                || (v.charAt(from + 1) != '-' && v.charAt(from + 1) != '+')) {
            return false;
        }
        return all(v, from + 2, n, "0123456789");
    }

    private static int signEnd(String v) {
        return !v.isEmpty() && (v.charAt(0) == '-' || v.charAt(0) == '+') ? 1 : 0;
    }

    /** The end of the run of {@code [0-9_]} starting at {@code from}. */
    private static int digitsEnd(String v, int from, int to) {
        int i = from;
        while (i < to && ((v.charAt(i) >= '0' && v.charAt(i) <= '9') || v.charAt(i) == '_')) {
            i++;
        }
        return i;
    }

    /** Every character of {@code v[from, to)} is one of {@code allowed}. */
    private static boolean all(String v, int from, int to, String allowed) {
        for (int i = from; i < to; i++) {
            if (allowed.indexOf(v.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }
}
