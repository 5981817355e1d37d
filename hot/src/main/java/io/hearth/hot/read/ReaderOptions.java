package io.hearth.hot.read;

/**
 * The limits {@link TemplateReader} holds every document to. Each breach is reported as a
 * problem with its own message; none throws.
 *
 * <p>The defaults follow Heat's configuration ({@code heat/common/config.py} and
 * {@code heat/common/wsgi.py}) where Heat has a matching option; the others are chosen so that
 * a template within the size limit breaches them only by multiplying itself through aliases or
 * by nesting absurdly deep.
 *
 * @param maxTemplateBytes       the largest template (or template file from {@code files}), in
 *                               bytes of UTF-8; Heat's {@code max_template_size}, 524288
 * @param maxEnvironmentBytes    the largest environment, in bytes of UTF-8; Heat has no separate
 *                               limit, the environment travels in the request body, so this is
 *                               Heat's {@code max_json_body_size}, 1048576
 * @param maxCodePoints          the most characters (Unicode code points) in a template or
 *                               template file; Heat's own check, {@code len(text) >
 *                               max_template_size}, counts characters, not bytes, so this
 *                               defaults to 524288 as well (environments, which Heat does not
 *                               check so, are held to {@code maxEnvironmentBytes} only)
 * @param maxDepth               how deeply values may nest, 500; the top-level mapping is level
 *                               1 and each key, value or item one level below its collection
 *                               (as SnakeYAML counts). Also applies after alias expansion
 * @param maxAliasesForCollections how many aliases ({@code *name}) to mappings or sequences a
 *                               document may use (SnakeYAML's {@code maxAliasesForCollections});
 *                               aliases to plain values are not counted here; 50, SnakeYAML's
 *                               default
 * @param maxNodes               the most values (mappings, sequences, scalars; keys included)
 *                               the document may hold after alias expansion; 262144, one per
 *                               two bytes of {@code max_template_size}: a list of numbers
 *                               ({@code [1,1,...]}) of that size just fits, and real templates
 *                               hold far fewer, so only alias expansion normally reaches it
 * @param maxExpandedChars       the most characters of keys and scalar values the document may
 *                               hold after alias expansion, 2097152 (four times
 *                               {@code max_template_size}); guards against a long string that
 *                               is repeated through many aliases
 * @param maxResources           the most resources one template may define; Heat's
 *                               {@code max_resources_per_stack}, 1000; -1 for no limit
 * @param rejectDuplicateKeys    Heat silently keeps the last of duplicate keys in a mapping (as
 *                               PyYAML and Python's json do), and so does the reader by default,
 *                               with a warning; {@code true} makes each duplicate a problem
 */
public record ReaderOptions(
        int maxTemplateBytes,
        int maxEnvironmentBytes,
        int maxCodePoints,
        int maxDepth,
        int maxAliasesForCollections,
        int maxNodes,
        int maxExpandedChars,
        int maxResources,
        boolean rejectDuplicateKeys) {

    /** Heat's {@code max_template_size}. */
    public static final int HEAT_MAX_TEMPLATE_SIZE = 524_288;
    /** Heat's {@code max_json_body_size}. */
    public static final int HEAT_MAX_JSON_BODY_SIZE = 1_048_576;
    /** Heat's {@code max_resources_per_stack}. */
    public static final int HEAT_MAX_RESOURCES_PER_STACK = 1000;

    public ReaderOptions {
        requirePositive("maxTemplateBytes", maxTemplateBytes);
        requirePositive("maxEnvironmentBytes", maxEnvironmentBytes);
        requirePositive("maxCodePoints", maxCodePoints);
        requirePositive("maxDepth", maxDepth);
        if (maxAliasesForCollections < 0) {
            throw new IllegalArgumentException("maxAliasesForCollections must be 0 or more, not "
                    + maxAliasesForCollections);
        }
        requirePositive("maxNodes", maxNodes);
        requirePositive("maxExpandedChars", maxExpandedChars);
        if (maxResources < -1) {
            throw new IllegalArgumentException("maxResources must be -1 (no limit) or more, not " + maxResources);
        }
    }

    /** Heat's defaults; see the parameters above for each one's origin. */
    public static ReaderOptions heatDefaults() {
        return new ReaderOptions(HEAT_MAX_TEMPLATE_SIZE, HEAT_MAX_JSON_BODY_SIZE, HEAT_MAX_TEMPLATE_SIZE, 500, 50,
                HEAT_MAX_TEMPLATE_SIZE / 2, 4 * HEAT_MAX_TEMPLATE_SIZE, HEAT_MAX_RESOURCES_PER_STACK, false);
    }

    public ReaderOptions withMaxTemplateBytes(int value) {
        return new ReaderOptions(value, maxEnvironmentBytes, maxCodePoints, maxDepth, maxAliasesForCollections,
                maxNodes, maxExpandedChars, maxResources, rejectDuplicateKeys);
    }

    public ReaderOptions withMaxEnvironmentBytes(int value) {
        return new ReaderOptions(maxTemplateBytes, value, maxCodePoints, maxDepth, maxAliasesForCollections,
                maxNodes, maxExpandedChars, maxResources, rejectDuplicateKeys);
    }

    public ReaderOptions withMaxCodePoints(int value) {
        return new ReaderOptions(maxTemplateBytes, maxEnvironmentBytes, value, maxDepth, maxAliasesForCollections,
                maxNodes, maxExpandedChars, maxResources, rejectDuplicateKeys);
    }

    public ReaderOptions withMaxDepth(int value) {
        return new ReaderOptions(maxTemplateBytes, maxEnvironmentBytes, maxCodePoints, value, maxAliasesForCollections,
                maxNodes, maxExpandedChars, maxResources, rejectDuplicateKeys);
    }

    public ReaderOptions withMaxAliasesForCollections(int value) {
        return new ReaderOptions(maxTemplateBytes, maxEnvironmentBytes, maxCodePoints, maxDepth, value, maxNodes,
                maxExpandedChars, maxResources, rejectDuplicateKeys);
    }

    public ReaderOptions withMaxNodes(int value) {
        return new ReaderOptions(maxTemplateBytes, maxEnvironmentBytes, maxCodePoints, maxDepth,
                maxAliasesForCollections, value, maxExpandedChars, maxResources, rejectDuplicateKeys);
    }

    public ReaderOptions withMaxExpandedChars(int value) {
        return new ReaderOptions(maxTemplateBytes, maxEnvironmentBytes, maxCodePoints, maxDepth,
                maxAliasesForCollections, maxNodes, value, maxResources, rejectDuplicateKeys);
    }

    public ReaderOptions withMaxResources(int value) {
        return new ReaderOptions(maxTemplateBytes, maxEnvironmentBytes, maxCodePoints, maxDepth,
                maxAliasesForCollections, maxNodes, maxExpandedChars, value, rejectDuplicateKeys);
    }

    public ReaderOptions withRejectDuplicateKeys(boolean value) {
        return new ReaderOptions(maxTemplateBytes, maxEnvironmentBytes, maxCodePoints, maxDepth,
                maxAliasesForCollections, maxNodes, maxExpandedChars, maxResources, value);
    }

    private static void requirePositive(String name, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive, not " + value);
        }
    }
}
