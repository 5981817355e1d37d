package io.hearth.hot.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each limit of {@link ReaderOptions}: reached is fine, passed is a precise problem. */
class TemplateReaderLimitsTests {

    private static final String HEAD = "heat_template_version: 2018-08-31\ndescription: ";

    private final TemplateReader reader = new TemplateReader();

    @Test
    void heatDefaults() {
        ReaderOptions defaults = ReaderOptions.heatDefaults();

        assertThat(defaults.maxTemplateBytes()).isEqualTo(524_288);
        assertThat(defaults.maxEnvironmentBytes()).isEqualTo(1_048_576);
        assertThat(defaults.maxCodePoints()).isEqualTo(524_288);
        assertThat(defaults.maxDepth()).isEqualTo(500);
        assertThat(defaults.maxAliasesForCollections()).isEqualTo(50);
        assertThat(defaults.maxNodes()).isEqualTo(262_144);
        assertThat(defaults.maxExpandedChars()).isEqualTo(2_097_152);
        assertThat(defaults.maxResources()).isEqualTo(1000);
        assertThat(defaults.rejectDuplicateKeys()).isFalse();
        assertThat(new TemplateReader().options()).isEqualTo(defaults);
        assertThatThrownBy(() -> defaults.withMaxDepth(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> defaults.withMaxResources(-2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void templateSizeIsCountedInUtf8Bytes() {
        String atLimit = HEAD + "x".repeat(524_288 - HEAD.length());
        assertThat(reader.readTemplate(atLimit).problems()).isEmpty();
        assertThat(reader.readTemplate(atLimit.getBytes(StandardCharsets.UTF_8)).problems()).isEmpty();

        assertThat(only(reader.readTemplate(atLimit + "x")).message()).isEqualTo(
                "Request limit exceeded: Template size (524289 bytes) exceeds maximum allowed size (524288 bytes).");
        assertThat(only(reader.readTemplate((atLimit + "x").getBytes(StandardCharsets.UTF_8))).message())
                .contains("(524289 bytes)");

        // 300,000 characters, but 600,000 bytes
        String accents = HEAD + "é".repeat(300_000);
        assertThat(only(reader.readTemplate(accents)).message()).isEqualTo("Request limit exceeded: Template size ("
                + (HEAD.length() + 600_000) + " bytes) exceeds maximum allowed size (524288 bytes).");
    }

    @Test
    void codePointLimit() {
        TemplateReader small = new TemplateReader(ReaderOptions.heatDefaults().withMaxCodePoints(100));
        String emoji = "a: " + "😀".repeat(97);

        assertThat(small.readTemplate(emoji).problems()).isEmpty();
        assertThat(only(small.readTemplate(emoji + "😀")).message()).isEqualTo(
                "Request limit exceeded: Template size (101 characters) exceeds maximum allowed size (100 characters).");
        assertThat(only(small.readTemplate((emoji + "😀").getBytes(StandardCharsets.UTF_8))).message())
                .contains("(101 characters)");
    }

    @Test
    void environmentsAndFilesHaveTheirOwnLimits() {
        String bigEnvironment = "parameters:\n  blob: " + "x".repeat(600_000) + "\n";
        assertThat(reader.readEnvironment(bigEnvironment).problems()).isEmpty();

        String tooBig = "parameters:\n  blob: " + "x".repeat(1_048_576) + "\n";
        assertThat(only(reader.readEnvironment(tooBig)).message()).startsWith(
                "Request limit exceeded: Environment size (1048597 bytes) exceeds maximum allowed size (1048576 bytes).");

        assertThat(only(reader.readFile("lb_server.yaml", bigEnvironment)).message()).startsWith(
                "Request limit exceeded: Template lb_server.yaml size (600021 bytes)");
    }

    @Test
    void nestingDepthInYamlJsonAndBlockStyle() {
        // the top-level mapping is level 1, the value of a: level 2, each [ one more
        assertThat(reader.readTemplate(flow(498)).problems()).isEmpty();
        ReadProblem flow = only(reader.readTemplate(flow(499)));
        assertThat(flow.message()).isEqualTo("Template is nested more than 500 levels deep (line 1, column 503)");
        assertThat(flow.location()).isEqualTo(new SourceLocation("template", 1, 503));

        assertThat(reader.readTemplate(json(498)).problems()).isEmpty();
        ReadProblem json = only(reader.readTemplate(json(499)));
        assertThat(json.message()).isEqualTo("Template is nested more than 500 levels deep (line 1, column 506)");
        assertThat(json.path()).startsWith("a[0][0]");

        assertThat(reader.readTemplate(block(499)).problems()).isEmpty();
        assertThat(only(reader.readTemplate(block(500))).message())
                .isEqualTo("Template is nested more than 500 levels deep (line 500, column 999)");
    }

    @Test
    void nestingDepthAlsoAppliesAfterAliasExpansion() {
        TemplateReader shallow = new TemplateReader(ReaderOptions.heatDefaults().withMaxDepth(10));

        assertThat(shallow.readTemplate("x: &x [[[[[1]]]]]\ny: [[[*x]]]\n").problems()).isEmpty();
        ReadProblem problem = only(shallow.readTemplate("x: &x [[[[[1]]]]]\ny: [[[[[*x]]]]]\n"));
        assertThat(problem.message()).isEqualTo("Template is nested more than 10 levels deep (line 1, column 11)");
        assertThat(problem.path()).isEqualTo("y[0][0][0][0][0][0][0][0][0]");
    }

    @Test
    void billionLaughsIsRefusedFast() {
        String laughs = billionLaughs(10, 10);

        // a fresh reader (run alone, this first read also loads the reader's classes), then again
        long start = System.nanoTime();
        ReadResult result = new TemplateReader().readTemplate(laughs);
        long coldMicros = (System.nanoTime() - start) / 1000;
        start = System.nanoTime();
        reader.readTemplate(laughs);
        long warmMicros = (System.nanoTime() - start) / 1000;

        System.out.printf("billion laughs (10 levels x 10 aliases) refused in %.1f ms (fresh reader), %.3f ms (again)%n",
                coldMicros / 1000.0, warmMicros / 1000.0);
        assertThat(coldMicros).isLessThan(2_000_000);
        assertThat(warmMicros).isLessThan(2_000_000);
        assertThat(result.document()).isNull();
        assertThat(only(result).message()).isEqualTo("Template uses more than 50 aliases (*name) to mappings or "
                + "sequences; the one past the limit is at line 8, column 14. Such documents are refused because "
                + "each alias can multiply the document's size (a \"billion laughs\" attack)");
    }

    @Test
    void aliasCountLimit() {
        String fifty = "base: &b [1]\nuses: [" + "*b, ".repeat(49) + "*b]\n";
        assertThat(reader.readTemplate(fifty).problems()).isEmpty();

        String fiftyOne = "base: &b [1]\nuses: [" + "*b, ".repeat(50) + "*b]\n";
        assertThat(only(reader.readTemplate(fiftyOne)).message()).startsWith(
                "Template uses more than 50 aliases (*name) to mappings or sequences; "
                        + "the one past the limit is at line 2, column 208.");

        // aliases to plain values do not multiply anything and are not counted
        String scalars = "base: &b x\nuses: [" + "*b, ".repeat(200) + "*b]\n";
        assertThat(reader.readTemplate(scalars).problems()).isEmpty();
    }

    @Test
    void expansionWithinTheAliasLimitIsStoppedByTheValueCount() {
        // 25 levels of 2 aliases each: 50 aliases, but 2^25 values once expanded
        StringBuilder doubling = new StringBuilder("a0: &a0 [x, x]\n");
        for (int i = 1; i <= 25; i++) {
            doubling.append("a").append(i).append(": &a").append(i)
                    .append(" [*a").append(i - 1).append(", *a").append(i - 1).append("]\n");
        }

        long start = System.nanoTime();
        ReadResult result = reader.readTemplate(doubling.toString());
        long millis = (System.nanoTime() - start) / 1_000_000;

        System.out.println("2^25-value alias expansion refused in " + millis + " ms");
        assertThat(millis).isLessThan(5000);
        assertThat(only(result).message())
                .startsWith("Template expands to more than 262144 values; aliases (*name) may be multiplying it");
    }

    @Test
    void valueCountLimitExactly() {
        TemplateReader ten = new TemplateReader(ReaderOptions.heatDefaults().withMaxNodes(10));

        // the mapping, the key a, the list and 7 items: 10 values
        assertThat(ten.readTemplate("a: [1, 2, 3, 4, 5, 6, 7]").problems()).isEmpty();
        ReadProblem problem = only(ten.readTemplate("a: [1, 2, 3, 4, 5, 6, 7, 8]"));
        assertThat(problem.message()).isEqualTo(
                "Template expands to more than 10 values; aliases (*name) may be multiplying it (line 1, column 26)");
        assertThat(problem.path()).isEqualTo("a[7]");
        assertThat(only(ten.readTemplate("{\"a\": [1, 2, 3, 4, 5, 6, 7, 8]}")).path()).isEqualTo("a[7]");
    }

    @Test
    void aLongValueRepeatedThroughAliasesIsStoppedByTheCharacterCount() {
        String repeated = "blob: &blob " + "x".repeat(100_000) + "\ncopies: [" + "*blob, ".repeat(29) + "*blob]\n";

        ReadProblem problem = only(reader.readTemplate(repeated));
        assertThat(problem.message()).startsWith("Template expands to more than 2097152 characters of keys and values;");
        assertThat(problem.path()).isEqualTo("copies[19]");
    }

    @Test
    void longNumberLikeValuesAreReadWithoutDeepRecursion() {
        ReadProblem problem = only(reader.readTemplate("a: 1" + ":1".repeat(200_000)));
        assertThat(problem.message()).startsWith("The integer 1:1:1:").contains("has more than 4300 digits");
        assertThat(problem.path()).isEqualTo("a");

        // Python refuses to convert more than 4300 digits; so does the reader
        assertThat(reader.readTemplate("a: " + "7".repeat(4300)).problems()).isEmpty();
        assertThat(only(reader.readTemplate("a: " + "7".repeat(4301))).message()).contains("has more than 4300 digits");
    }

    @Test
    void resourceCount() {
        assertThat(reader.readTemplate(resources("resources", 1000)).problems()).isEmpty();

        ReadProblem problem = only(reader.readTemplate(resources("resources", 1001)));
        assertThat(problem.path()).isEqualTo("resources");
        assertThat(problem.message()).isEqualTo("Request limit exceeded: Maximum resources per stack exceeded. "
                + "The template defines 1001 resources; at most 1000 are allowed (line 2, column 1)");
        // the document is still there, to report more against
        assertThat(only(reader.readTemplate(resources("Resources", 1001))).path()).isEqualTo("Resources");

        TemplateReader unlimited = new TemplateReader(ReaderOptions.heatDefaults().withMaxResources(-1));
        assertThat(unlimited.readTemplate(resources("resources", 1001)).problems()).isEmpty();
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedAtTheFirstBadByte() {
        byte[] latin1 = "heat_template_version: 2018-08-31\ndescription: caf\u00e9\n"
                .getBytes(StandardCharsets.ISO_8859_1);
        ReadProblem problem = only(reader.readTemplate(latin1));
        assertThat(problem.message()).isEqualTo("Template is not valid UTF-8: byte offset 50 (line 2, column 17) "
                + "holds 0xE9, which is not a valid UTF-8 sequence");
        assertThat(problem.location()).isEqualTo(new SourceLocation("template", 2, 17));

        // columns count characters: two 2-byte and one 4-byte characters come before the bad byte
        byte[] afterMultibyte = concat("a: éé😀".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xFF});
        assertThat(only(reader.readTemplate(afterMultibyte)).message())
                .isEqualTo("Template is not valid UTF-8: byte offset 11 (line 1, column 7) holds 0xFF, "
                        + "which is not a valid UTF-8 sequence");

        byte[] truncated = concat("a: ".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xE2, (byte) 0x82});
        assertThat(only(reader.readTemplate(truncated)).message()).contains("byte offset 3 (line 1, column 4) holds 0xE2 0x82");

        byte[] overlong = concat("a: ".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC0, (byte) 0xAF});
        assertThat(only(reader.readTemplate(overlong)).message()).contains("byte offset 3 (line 1, column 4) holds 0xC0");

        byte[] encodedSurrogate = concat("a: ".getBytes(StandardCharsets.UTF_8),
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80});
        assertThat(only(reader.readEnvironment(encodedSurrogate)).message())
                .startsWith("Environment is not valid UTF-8: byte offset 3 (line 1, column 4)");

        byte[] utf16 = "a: b".getBytes(StandardCharsets.UTF_16);
        assertThat(only(reader.readTemplate(utf16)).message()).isEqualTo(
                "Template is not UTF-8: it starts with a UTF-16 byte order mark (0xFEFF); save it as UTF-8");

        assertThat(only(reader.readFile("nested.yaml", new byte[] {'a', ':', ' ', (byte) 0x80})).message())
                .startsWith("Template nested.yaml is not valid UTF-8: byte offset 3");
    }

    private static String flow(int lists) {
        return "a: " + "[".repeat(lists) + "x" + "]".repeat(lists);
    }

    private static String json(int lists) {
        return "{\"a\": " + "[".repeat(lists) + "1" + "]".repeat(lists) + "}";
    }

    /** {@code keys} mappings, each nested in the one before: the last key is at level {@code keys + 1}. */
    private static String block(int keys) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < keys; i++) {
            text.append("  ".repeat(i)).append("k:\n");
        }
        return text.append("  ".repeat(keys)).append("v\n").toString();
    }

    /** The classic: {@code levels} lists of {@code width} aliases to the list before. */
    static String billionLaughs(int levels, int width) {
        StringBuilder text = new StringBuilder("heat_template_version: 2018-08-31\nlol0: &lol0 [lol]\n");
        for (int level = 1; level <= levels; level++) {
            text.append("lol").append(level).append(": &lol").append(level).append(" [");
            for (int i = 0; i < width; i++) {
                text.append(i == 0 ? "" : ", ").append("*lol").append(level - 1);
            }
            text.append("]\n");
        }
        return text.toString();
    }

    private static String resources(String section, int count) {
        StringBuilder text = new StringBuilder("heat_template_version: 2018-08-31\n" + section + ":\n");
        for (int i = 0; i < count; i++) {
            text.append("  r").append(i).append(": {type: OS::Heat::None}\n");
        }
        return text.toString();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static ReadProblem only(ReadResult result) {
        List<ReadProblem> problems = new ArrayList<>(result.problems());
        assertThat(problems).hasSize(1);
        return problems.get(0);
    }
}
