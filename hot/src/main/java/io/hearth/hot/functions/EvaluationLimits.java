package io.hearth.hot.functions;

/**
 * How much an evaluation may produce, so that a small template cannot make a service build values
 * larger than its memory ({@code repeat} over three lists of 400 values is 64 million items). Every
 * function's result is held to both limits before it is built, and so is everything one evaluation (a
 * resource's properties, an output's value; several together, with an {@link Evaluator}) holds.
 *
 * @param maxItems most items (list items and map entries, counted at every depth) a value may hold
 * @param maxChars most characters (of strings and map keys together, as Java counts them) a value may hold
 * @param settings where the limits are configured ({@code hearth.template.limits}), named in messages;
 *     null for none
 */
public record EvaluationLimits(long maxItems, long maxChars, String settings) {

    /** As many items as template-service's reader lets a template hold (its {@code max-nodes}). */
    public static final long DEFAULT_MAX_ITEMS = 262_144;

    /** As many characters as the reader lets a template expand to (its {@code max-expanded-chars}). */
    public static final long DEFAULT_MAX_CHARS = 2_097_152;

    /**
     * How many times the limits all the calls of an {@link Evaluator} may produce together, their results
     * counted whether they are kept or not: what bounds the time an evaluation takes.
     */
    public static final long WORK_FACTOR = 16;

    /** The default limits, named by no setting. */
    public static final EvaluationLimits DEFAULTS = new EvaluationLimits(DEFAULT_MAX_ITEMS, DEFAULT_MAX_CHARS, null);

    public EvaluationLimits {
        if (maxItems < 0 || maxChars < 0) {
            throw new IllegalArgumentException("evaluation limits must not be negative");
        }
    }

    /** {@code the limit of 262144 (hearth.template.limits.max-evaluated-items)}. */
    String itemsLimit() {
        return limit(maxItems, "max-evaluated-items");
    }

    /** {@code the limit of 2097152 (hearth.template.limits.max-evaluated-chars)}. */
    String charsLimit() {
        return limit(maxChars, "max-evaluated-chars");
    }

    private String limit(long value, String key) {
        return "the limit of " + value + (settings == null ? "" : " (" + settings + "." + key + ")");
    }
}
