package io.hearth.hot.functions;

import static io.hearth.hot.functions.Evaluation.problem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.functions.FunctionTable.Mode;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The functions that encode data: {@code digest} and {@code make_url} (Heat's {@code Digest} and
 * {@code MakeURL}), with Python's hash and URL rules.
 */
final class DataFunctions {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private DataFunctions() {
    }

    private static final Map<String, String> DIGESTS = Map.of(
            "md5", "MD5", "sha1", "SHA-1", "sha224", "SHA-224",
            "sha256", "SHA-256", "sha384", "SHA-384", "sha512", "SHA-512");

    static JsonNode digest(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("digest", args);
        }
        boolean strings = args.isArray();
        for (JsonNode a : args.isArray() ? args : NODES.arrayNode()) {
            strings &= a.isTextual();
        }
        if (!strings) {
            throw problem("Argument to function \"digest\" must be a list of strings");
        }
        if (args.size() != 2) {
            throw problem("Function \"digest\" usage: [\"<algorithm>\", \"<value>\"]");
        }
        String algorithm = DIGESTS.get(args.get(0).textValue().toLowerCase(Locale.ROOT));
        if (algorithm == null) {
            throw problem("Algorithm must be one of {'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'}");
        }
        String value = args.get(1).textValue();
        int position = 0;
        for (int i = 0; i < value.length(); position++) {
            int cp = value.codePointAt(i);
            if (cp > 0xff) {
                String shown = cp <= 0xffff ? String.format("\\u%04x", cp) : String.format("\\U%08x", cp);
                throw problem("'latin-1' codec can't encode character '" + shown + "' in position " + position
                        + ": ordinal not in range(256)");
            }
            i += Character.charCount(cp);
        }
        try {
            byte[] hash = MessageDigest.getInstance(algorithm).digest(value.getBytes(StandardCharsets.ISO_8859_1));
            return TextNode.valueOf(HexFormat.of().formatHex(hash));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + algorithm, e);
        }
    }

    private static final List<String> URL_KEYS =
            List.of("scheme", "username", "password", "host", "port", "path", "query", "fragment");

    private static final Set<String> USES_NETLOC = Set.of("", "ftp", "http", "gopher", "nntp", "telnet", "imap",
            "wais", "file", "mms", "https", "shttp", "snews", "prospero", "rtsp", "rtspu", "rsync", "svn",
            "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss");

    static JsonNode makeUrl(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        if (!raw.isObject() || ev.isCall(raw, mode)) {
            throw problem("The arguments to \"make_url\" must be a map");
        }
        Set<String> invalid = new TreeSet<>();
        raw.fieldNames().forEachRemaining(invalid::add);
        invalid.removeAll(URL_KEYS);
        if (!invalid.isEmpty()) {
            throw problem("Invalid arguments to \"make_url\": " + String.join(", ", invalid));
        }
        checkUrlArgs(ev, raw, mode);
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("make_url", args);
        }
        checkUrlArgs(ev, args, mode);

        String scheme = urlText(args, "scheme");
        if (scheme.contains(":")) {
            throw problem("URL \"scheme\" should not contain ':'");
        }
        StringBuilder netloc = new StringBuilder();
        String username = Py.quote(urlText(args, "username"), "");
        String password = Py.quote(urlText(args, "password"), "");
        if (!username.isEmpty() || !password.isEmpty()) {
            netloc.append(username);
            if (!password.isEmpty()) {
                netloc.append(':').append(password);
            }
            netloc.append('@');
        }
        String host = urlText(args, "host");
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        host = Py.quote(host, ":");
        netloc.append(host.contains(":") ? "[" + host + "]" : host);
        JsonNode port = args.get("port");
        if (Py.truthy(port)) {
            netloc.append(':').append(Py.str(port));
        }
        String path = Py.quote(urlText(args, "path"), "/");
        StringBuilder query = new StringBuilder();
        JsonNode queryMap = args.get("query");
        if (queryMap != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = queryMap.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (query.length() > 0) {
                    query.append('&');
                }
                query.append(Py.quotePlus(e.getKey())).append('=').append(Py.quotePlus(Py.str(e.getValue())));
            }
        }
        String fragment = Py.quote(urlText(args, "fragment"), "/");
        return TextNode.valueOf(urlunsplit(scheme, netloc.toString(), path,
                query.toString().replace("%2F", "/"), fragment));
    }

    /** MakeURL._check_args, including its early return after "query". */
    private static void checkUrlArgs(Evaluation ev, JsonNode args, Mode mode) {
        for (String arg : URL_KEYS) {
            if (!args.has(arg)) {
                continue;
            }
            JsonNode v = args.get(arg);
            if (arg.equals("query")) {
                if (!ev.isCall(v, mode) && !v.isObject()) {
                    throw problem("The \"query\" argument to \"make_url\" must be a map");
                }
                return;
            }
            if (arg.equals("port")) {
                if (ev.isCall(v, mode)) {
                    continue;
                }
                BigInteger port;
                try {
                    port = Py.toInt(v); // Python's int(port)
                } catch (PyError e) {
                    throw problem("Invalid URL port \"" + Py.str(v) + "\" for make_url called with " + Py.str(args));
                }
                if (port.signum() <= 0 || port.compareTo(BigInteger.valueOf(65535)) > 0) {
                    throw problem("Invalid URL port " + port + ", must be in range 1-65535");
                }
            } else if (!ev.isCall(v, mode) && !v.isTextual()) {
                throw problem("The \"" + arg + "\" argument to \"make_url\" must be a string");
            }
        }
    }

    private static String urlText(JsonNode args, String key) {
        JsonNode v = args.get(key);
        if (v == null) {
            return "";
        }
        if (!v.isTextual()) {
            throw problem("quote() doesn't support '" + Py.typeName(v) + "' objects");
        }
        return v.textValue();
    }

    /** urllib.parse.urlunsplit, in the form Heat's make_url tests expect ({@code file:///foo/bar}). */
    private static String urlunsplit(String scheme, String netloc, String path, String query, String fragment) {
        String url = path;
        if (!netloc.isEmpty() || (!scheme.isEmpty() && USES_NETLOC.contains(scheme) && !url.startsWith("//"))) {
            if (!url.isEmpty() && !url.startsWith("/")) {
                url = "/" + url;
            }
            url = "//" + netloc + url;
        }
        if (!scheme.isEmpty()) {
            url = scheme + ":" + url;
        }
        if (!query.isEmpty()) {
            url = url + "?" + query;
        }
        if (!fragment.isEmpty()) {
            url = url + "#" + fragment;
        }
        return url;
    }
}
