package io.hearth.deployment.mime;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A MIME entity read from text, as far as MultipartMime needs: headers (names in lower case, folded
 * lines joined), their parameters, and the body.
 */
record MimeEntity(Map<String, String> headers, String body) {

    private static final Pattern PARAM = Pattern.compile(
            ";\\s*([^=;\\s]+)\\s*=\\s*(\"((?:[^\"\\\\]|\\\\.)*)\"|[^;\\s]*)");

    /** Reads an entity; null when the text has no headers. */
    static MimeEntity parse(String text) {
        String normal = text.replace("\r\n", "\n");
        int end = normal.indexOf("\n\n");
        String head = end < 0 ? normal : normal.substring(0, end);
        String body = end < 0 ? "" : normal.substring(end + 2);
        Map<String, String> headers = new LinkedHashMap<>();
        String last = null;
        for (String line : head.split("\n")) {
            if (!line.isEmpty() && (line.charAt(0) == ' ' || line.charAt(0) == '\t') && last != null) {
                headers.put(last, headers.get(last) + " " + line.strip());
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                return null;
            }
            last = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            headers.putIfAbsent(last, line.substring(colon + 1).strip());
        }
        return new MimeEntity(headers, body);
    }

    /** A header's value, or null. */
    String header(String name) {
        return headers.get(name);
    }

    private String contentType() {
        String type = headers.getOrDefault("content-type", "text/plain");
        int semi = type.indexOf(';');
        return (semi < 0 ? type : type.substring(0, semi)).strip().toLowerCase(Locale.ROOT);
    }

    /** The content type's main type, {@code text} by default. */
    String mainType() {
        String type = contentType();
        int slash = type.indexOf('/');
        return slash < 0 ? "text" : type.substring(0, slash);
    }

    /** The content type's subtype, {@code plain} by default. */
    String subType() {
        String type = contentType();
        int slash = type.indexOf('/');
        return slash < 0 ? "plain" : type.substring(slash + 1);
    }

    /** A parameter of a header ({@code boundary} of Content-Type, ...), unquoted, or null. */
    String param(String header, String name) {
        String value = headers.get(header);
        if (value == null) {
            return null;
        }
        Matcher m = PARAM.matcher(value);
        while (m.find()) {
            if (m.group(1).equalsIgnoreCase(name)) {
                return m.group(3) != null ? m.group(3).replaceAll("\\\\(.)", "$1") : m.group(2);
            }
        }
        return null;
    }
}
