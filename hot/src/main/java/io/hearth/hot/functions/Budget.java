package io.hearth.hot.functions;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What the evaluations of one {@link Evaluator} hold and produce, kept within its {@link EvaluationLimits}.
 *
 * <p>The live count is what the values built so far hold: the items and strings the walk puts into lists
 * and maps, and the results of the calls in them; a call's arguments count while it runs and give way to its
 * result when it returns. A function that can produce more than its arguments hold reserves its result's
 * size before it builds it, so a refused result is never allocated.
 *
 * <p>The work count adds up every call's result, whether it is kept or not (the argument of a
 * {@code contains}, a map {@code map_merge} overrides): so that calls which each stay within the limits
 * cannot keep a service busy by their number. It may reach {@link EvaluationLimits#WORK_FACTOR} times the
 * limits.
 */
final class Budget {

    private final EvaluationLimits limits;
    /** Sizes of the parameters' values, which live as long as the evaluator and are copied often. */
    private final Map<JsonNode, EvaluatedSize> inputSizes = new IdentityHashMap<>();
    private long items;
    private long chars;
    private long workItems;
    private long workChars;
    private Call call;

    Budget(EvaluationLimits limits) {
        this.limits = limits;
    }

    /** A running call (or a whole evaluation, with no function): what was held when it started. */
    record Call(String function, long items, long chars, Call outer) {
    }

    /** What a value holds, counted by walking it. */
    EvaluatedSize size(JsonNode value) {
        return EvaluatedSize.of(value);
    }

    /** What a part of a parameter's value holds; counted once, as the parameters outlive every evaluation. */
    EvaluatedSize inputSize(JsonNode value) {
        if (value == null || !value.isContainerNode()) {
            return EvaluatedSize.of(value);
        }
        EvaluatedSize known = inputSizes.get(value);
        if (known == null) {
            known = EvaluatedSize.of(value, this::inputSize);
            inputSizes.put(value, known);
        }
        return known;
    }

    /**
     * An item put into a list or map the walk builds: one item, its key's and (a string's) characters.
     *
     * @param at where the item is, for the refusal
     */
    void put(String key, JsonNode value, Path at) {
        items = EvaluatedSize.add(items, 1);
        chars = EvaluatedSize.add(chars, (key == null ? 0 : key.length())
                + (value.isTextual() ? value.textValue().length() : 0));
        if (items > limits.maxItems()) {
            throw new ExpressionException(at.toString(), "the evaluated values would hold more items than "
                    + limits.itemsLimit());
        }
        if (chars > limits.maxChars()) {
            throw new ExpressionException(at.toString(), "the evaluated values would hold more characters than "
                    + limits.charsLimit());
        }
    }

    /** An evaluation starts: what it builds is counted from here. */
    Call begin() {
        return enter(null);
    }

    /** The evaluation produced {@code result}, which the evaluator keeps; null: it failed, nothing is kept. */
    void end(Call started, JsonNode result) {
        call = started.outer();
        items = started.items();
        chars = started.chars();
        if (result != null) {
            EvaluatedSize size = size(result);
            items = EvaluatedSize.add(items, size.items());
            chars = EvaluatedSize.add(chars, size.chars());
        }
    }

    /** A call of {@code function} starts; its arguments are counted from here. */
    Call enter(String function) {
        call = new Call(function, items, chars, call);
        return call;
    }

    /** The call returned {@code result}, which now stands where its arguments were. */
    void leave(Call started, JsonNode result) {
        call = started.outer();
        items = started.items();
        chars = started.chars();
        EvaluatedSize size = size(result);
        check(started, size, true);
        items = EvaluatedSize.add(items, size.items());
        chars = EvaluatedSize.add(chars, size.chars());
        workItems = EvaluatedSize.add(workItems, size.items());
        workChars = EvaluatedSize.add(workChars, size.chars());
    }

    /**
     * The running call's result will hold this much: refused, before it is built, when that is more than
     * the limits allow a value, or more than the evaluation may still hold or produce.
     *
     * @param exact whether the characters are the result's (false: the result has at least that many)
     */
    void reserve(long resultItems, long resultChars, boolean exact) {
        check(call, new EvaluatedSize(resultItems, resultChars), exact);
    }

    /** {@link #reserve} of a copy of a value whose size is known. */
    void reserve(EvaluatedSize copied) {
        check(call, copied, true);
    }

    private void check(Call started, EvaluatedSize result, boolean exact) {
        String fn = "\"" + started.function() + "\"";
        String atLeast = exact ? "" : "at least ";
        if (result.items() > limits.maxItems()) {
            throw new Evaluation.Problem(fn + " would produce " + result.items() + " items, more than "
                    + limits.itemsLimit());
        }
        if (result.chars() > limits.maxChars()) {
            throw new Evaluation.Problem(fn + " would produce " + atLeast + result.chars()
                    + " characters, more than " + limits.charsLimit());
        }
        long allItems = EvaluatedSize.add(started.items(), result.items());
        if (allItems > limits.maxItems()) {
            throw new Evaluation.Problem(fn + " would bring the evaluated values to " + allItems
                    + " items, more than " + limits.itemsLimit());
        }
        long allChars = EvaluatedSize.add(started.chars(), result.chars());
        if (allChars > limits.maxChars()) {
            throw new Evaluation.Problem(fn + " would bring the evaluated values to " + atLeast + allChars
                    + " characters, more than " + limits.charsLimit());
        }
        long work = EvaluatedSize.add(workItems, result.items());
        if (work > EvaluatedSize.times(limits.maxItems(), EvaluationLimits.WORK_FACTOR)) {
            throw new Evaluation.Problem(fn + " would bring the items all calls produced, kept or not, to " + work
                    + ", more than " + EvaluationLimits.WORK_FACTOR + " times " + limits.itemsLimit());
        }
        work = EvaluatedSize.add(workChars, result.chars());
        if (work > EvaluatedSize.times(limits.maxChars(), EvaluationLimits.WORK_FACTOR)) {
            throw new Evaluation.Problem(fn + " would bring the characters all calls produced, kept or not, to "
                    + atLeast + work + ", more than " + EvaluationLimits.WORK_FACTOR + " times "
                    + limits.charsLimit());
        }
    }
}
