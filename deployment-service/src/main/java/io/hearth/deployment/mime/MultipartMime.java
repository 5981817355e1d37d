package io.hearth.deployment.mime;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * The multi-part MIME message {@code OS::Heat::MultipartMime} stores, as Python's
 * {@code MIMEMultipart(_subparts=...).as_string()} writes it: a {@code multipart/mixed} envelope with a
 * random {@code ===============<19 digits>==} boundary, and one {@code MIMEText} per part
 * ({@code us-ascii} and 7bit, or {@code utf-8} and base64 when the text is not ASCII), with a
 * {@code Content-Disposition} attachment header when the part has a filename.
 */
public final class MultipartMime {

    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * One part of a message.
     *
     * @param content  the part's text
     * @param subtype  the {@code text/} subtype, e.g. {@code x-shellscript}; null or empty for {@code plain}
     * @param filename the attachment's filename, null or empty for none
     */
    public record Part(String content, String subtype, String filename) {
    }

    private MultipartMime() {
    }

    /** The message for the parts, with a random boundary. */
    public static String render(List<Part> parts) {
        return render(parts, () -> RANDOM.nextLong() & Long.MAX_VALUE);
    }

    /** The message for the parts; {@code tokens} gives the boundary's numbers (Python's {@code randrange}). */
    static String render(List<Part> parts, LongSupplier tokens) {
        List<String> texts = new ArrayList<>();
        for (Part part : parts) {
            texts.add(text(part));
        }
        String boundary = boundary(String.join("\n", texts), tokens);
        StringBuilder out = new StringBuilder();
        out.append("Content-Type: multipart/mixed; boundary=\"").append(boundary).append("\"\n")
                .append("MIME-Version: 1.0\n\n")
                .append("--").append(boundary).append('\n');
        for (int i = 0; i < texts.size(); i++) {
            if (i > 0) {
                out.append("\n--").append(boundary).append('\n');
            }
            out.append(texts.get(i));
        }
        return out.append("\n--").append(boundary).append("--\n").toString();
    }

    /**
     * {@code MultipartMime._append_part}: without a subtype, the filename's {@code os.path.splitext(...)[0]}
     * is the subtype (Heat's own rule, kept as it is).
     */
    static String text(Part part) {
        String subtype = part.subtype();
        String filename = part.filename();
        if ((subtype == null || subtype.isEmpty()) && filename != null && !filename.isEmpty()) {
            subtype = splitextRoot(filename);
        }
        if (subtype == null || subtype.isEmpty()) {
            subtype = "plain";
        }
        String content = part.content() == null ? "" : part.content();
        boolean ascii = StandardCharsets.US_ASCII.newEncoder().canEncode(content);
        StringBuilder out = new StringBuilder();
        out.append("Content-Type: text/").append(subtype).append("; charset=\"")
                .append(ascii ? "us-ascii" : "utf-8").append("\"\n")
                .append("MIME-Version: 1.0\n")
                .append("Content-Transfer-Encoding: ").append(ascii ? "7bit" : "base64").append('\n');
        if (filename != null && !filename.isEmpty()) {
            out.append("Content-Disposition: attachment; ").append(filenameParam(filename)).append('\n');
        }
        out.append('\n');
        out.append(ascii ? content.replace("\r\n", "\n").replace('\r', '\n') : base64Body(content));
        return out.toString();
    }

    /**
     * {@code MultipartMime._append_multiparts}: the parts of a multi-part message (their subtype, filename
     * and decoded text), or none when the text is no multi-part message.
     */
    public static List<Part> parts(String message) {
        List<Part> parts = new ArrayList<>();
        MimeEntity whole = MimeEntity.parse(message);
        if (whole == null || !whole.mainType().equals("multipart")) {
            return parts;
        }
        String boundary = whole.param("content-type", "boundary");
        if (boundary == null) {
            return parts;
        }
        String[] lines = whole.body().split("\n", -1);
        StringBuilder current = null;
        for (String line : lines) {
            String trimmed = line.stripTrailing();
            if (trimmed.equals("--" + boundary) || trimmed.equals("--" + boundary + "--")) {
                if (current != null) {
                    addPart(parts, current);
                }
                if (trimmed.endsWith("--") && trimmed.length() == boundary.length() + 4) {
                    return parts;
                }
                current = new StringBuilder();
            } else if (current != null) {
                current.append(line).append('\n');
            }
        }
        return parts;
    }

    private static void addPart(List<Part> parts, StringBuilder raw) {
        // The line break before a boundary belongs to the boundary.
        String text = raw.length() > 0 ? raw.substring(0, raw.length() - 1) : "";
        MimeEntity entity = MimeEntity.parse(text);
        if (entity == null) {
            return;
        }
        String filename = entity.param("content-disposition", "filename");
        if (filename == null) {
            filename = entity.param("content-type", "name");
        }
        String body = entity.body();
        if ("base64".equalsIgnoreCase(entity.header("content-transfer-encoding"))) {
            body = new String(Base64.getMimeDecoder().decode(body), StandardCharsets.UTF_8);
        }
        parts.add(new Part(body, entity.subType(), filename));
    }

    /** Python's {@code os.path.splitext(path)[0]}. */
    static String splitextRoot(String path) {
        int sep = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        if (dot <= sep + 1) {
            return path;
        }
        for (int i = sep + 1; i < dot; i++) {
            if (path.charAt(i) != '.') {
                return path.substring(0, dot);
            }
        }
        return path; // only dots before the last one: a hidden file's name, no extension
    }

    /** {@code email.generator._make_boundary}. */
    private static String boundary(String text, LongSupplier tokens) {
        String base = "=".repeat(15) + String.format(Locale.ROOT, "%019d", tokens.getAsLong()) + "==";
        String candidate = base;
        for (int counter = 0; occurs(text, candidate); counter++) {
            candidate = base + "." + counter;
        }
        return candidate;
    }

    private static boolean occurs(String text, String boundary) {
        return Pattern.compile("^--" + Pattern.quote(boundary) + "(--)?$", Pattern.MULTILINE).matcher(text).find();
    }

    /** {@code email.message._formatparam} for a filename: quoted, or RFC 2231 when not ASCII. */
    private static String filenameParam(String filename) {
        if (StandardCharsets.US_ASCII.newEncoder().canEncode(filename)) {
            return "filename=\"" + filename.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
        StringBuilder encoded = new StringBuilder("filename*=utf-8''");
        for (byte b : filename.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '.' || c == '-' || c == '~';
            encoded.append(safe ? String.valueOf((char) c) : String.format(Locale.ROOT, "%%%02X", c));
        }
        return encoded.toString();
    }

    /** {@code email.base64mime.body_encode}: lines of 76 characters, each ending in a line break. */
    private static String base64Body(String content) {
        String encoded = Base64.getEncoder().encodeToString(content.getBytes(StandardCharsets.UTF_8));
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < encoded.length(); i += 76) {
            out.append(encoded, i, Math.min(encoded.length(), i + 76)).append('\n');
        }
        return out.toString();
    }
}
