package io.hearth.contracts.expr;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What one {@link Evaluation} holds, kept within its {@link EvaluationLimits}. The live count is what the
 * value being built holds so far (the items and strings put into it, and the results of the calls in it);
 * a call's arguments count while it runs and give way to its result when it returns. A function that can
 * produce more than its arguments hold reserves its result's size before it builds it, so a refused result
 * is never allocated.
 */
final class Budget {

    private final EvaluationLimits limits;
    private final Map<JsonNode, EvaluatedSize> sizes = new IdentityHashMap<>();
    private long items;
    private long chars;
    private Call call;

    Budget(EvaluationLimits limits, EvaluatedSize spent) {
        this.limits = limits;
        this.items = spent.items();
        this.chars = spent.chars();
    }

    /** A running call: what was held when it started, and its function. */
    record Call(String function, long items, long chars, Call outer) {
    }

    /** What a value holds; containers are counted once and remembered (they are not changed once built). */
    EvaluatedSize size(JsonNode value) {
        if (value == null || !value.isContainerNode()) {
            return EvaluatedSize.of(value);
        }
        EvaluatedSize known = sizes.get(value);
        if (known == null) {
            known = EvaluatedSize.of(value, this::size);
            sizes.put(value, known);
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
    }

    /**
     * The running call's result will hold this much: refused, before it is built, when that is more than
     * the limits allow a value, or more than the evaluation may still hold.
     *
     * @param exact whether the characters are the result's (false: the result has at least that many)
     */
    void reserve(long resultItems, long resultChars, boolean exact) {
        check(call, new EvaluatedSize(resultItems, resultChars), exact);
    }

    /** {@link #reserve} of what a value holds (a copy of it is about to be made). */
    void reserve(JsonNode copied) {
        check(call, size(copied), true);
    }

    private void check(Call started, EvaluatedSize result, boolean exact) {
        String fn = "\"" + started.function() + "\"";
        if (result.items() > limits.maxItems()) {
            throw new Evaluation.Problem(fn + " would produce " + result.items() + " items, more than "
                    + limits.itemsLimit());
        }
        if (result.chars() > limits.maxChars()) {
            throw new Evaluation.Problem(fn + " would produce " + (exact ? "" : "at least ") + result.chars()
                    + " characters, more than " + limits.charsLimit());
        }
        long allItems = EvaluatedSize.add(started.items(), result.items());
        if (allItems > limits.maxItems()) {
            throw new Evaluation.Problem(fn + " would bring the evaluated values to " + allItems
                    + " items, more than " + limits.itemsLimit());
        }
        long allChars = EvaluatedSize.add(started.chars(), result.chars());
        if (allChars > limits.maxChars()) {
            throw new Evaluation.Problem(fn + " would bring the evaluated values to " + (exact ? "" : "at least ")
                    + allChars + " characters, more than " + limits.charsLimit());
        }
    }
}
