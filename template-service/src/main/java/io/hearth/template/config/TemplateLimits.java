package io.hearth.template.config;

import io.hearth.hot.functions.EvaluationLimits;
import io.hearth.hot.read.ReaderOptions;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The limits every template, environment and template file is read under
 * ({@code hearth.template.limits.*}, or {@code HEARTH_TEMPLATE_LIMITS_*} in the environment).
 * Defaults are Heat's where Heat has the option; see {@link ReaderOptions} for each one's origin.
 */
@ConfigMapping(prefix = "hearth.template.limits")
public interface TemplateLimits {

    /** Largest template or template file, in bytes (Heat's {@code max_template_size}). */
    @WithDefault("524288")
    int maxTemplateBytes();

    /** Largest environment, in bytes (Heat's {@code max_json_body_size}). */
    @WithDefault("1048576")
    int maxEnvironmentBytes();

    /** Most characters in a template or template file (Heat counts characters). */
    @WithDefault("524288")
    int maxCodePoints();

    /** Deepest nesting of values. */
    @WithDefault("500")
    int maxDepth();

    /** Most aliases to mappings or sequences in one YAML document. */
    @WithDefault("50")
    int maxAliasesForCollections();

    /** Most values a document may hold after alias expansion. */
    @WithDefault("262144")
    int maxNodes();

    /** Most characters of keys and scalars after alias expansion. */
    @WithDefault("2097152")
    int maxExpandedChars();

    /** Most resources in one template (Heat's {@code max_resources_per_stack}); -1 for no limit. */
    @WithDefault("1000")
    int maxResources();

    /**
     * Most items (list items and map entries, at every depth) evaluating the template's functions may
     * produce: one function's result, and the template's evaluated resources and outputs together. As many
     * as {@link #maxNodes} lets a template spell out.
     */
    @WithDefault("262144")
    long maxEvaluatedItems();

    /**
     * Most characters (of strings and map keys) evaluating the template's functions may produce: one
     * function's result, and the template's evaluated resources and outputs together. As many as
     * {@link #maxExpandedChars} lets a template expand to.
     */
    @WithDefault("2097152")
    long maxEvaluatedChars();

    /** Whether a duplicate key in a mapping is an error (Heat keeps the last one silently). */
    @WithDefault("false")
    boolean rejectDuplicateKeys();

    /** The limits as the reader takes them. */
    default ReaderOptions options() {
        return new ReaderOptions(maxTemplateBytes(), maxEnvironmentBytes(), maxCodePoints(), maxDepth(),
                maxAliasesForCollections(), maxNodes(), maxExpandedChars(), maxResources(), rejectDuplicateKeys());
    }

    /** The limits of evaluation, named by their settings in messages. */
    default EvaluationLimits evaluation() {
        return new EvaluationLimits(maxEvaluatedItems(), maxEvaluatedChars(), "hearth.template.limits");
    }
}
