package io.hearth.hot.functions;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Function;

/**
 * How much a value holds, as {@link EvaluationLimits} count it: its items (list items and map entries at
 * every depth; a string or number holds none) and its characters (of every string and map key in it, and
 * its own when it is a string). Sums saturate at {@link Long#MAX_VALUE}.
 */
record EvaluatedSize(long items, long chars) {

    static final EvaluatedSize ZERO = new EvaluatedSize(0, 0);

    /** What a value holds, counted by walking it. */
    static EvaluatedSize of(JsonNode value) {
        return of(value, EvaluatedSize::of);
    }

    /** What a value holds, each of its items' contents counted by {@code inner}. */
    static EvaluatedSize of(JsonNode value, Function<JsonNode, EvaluatedSize> inner) {
        if (value == null) {
            return ZERO;
        }
        if (value.isTextual()) {
            return new EvaluatedSize(0, value.textValue().length());
        }
        if (!value.isContainerNode()) {
            return ZERO;
        }
        EvaluatedSize size = new EvaluatedSize(value.size(), 0);
        if (value.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                size = size.plus(new EvaluatedSize(0, e.getKey().length())).plus(inner.apply(e.getValue()));
            }
        } else {
            for (JsonNode item : value) {
                size = size.plus(inner.apply(item));
            }
        }
        return size;
    }

    /** Both together. */
    EvaluatedSize plus(EvaluatedSize other) {
        return new EvaluatedSize(add(items, other.items), add(chars, other.chars));
    }

    /** {@code a + b}, or {@link Long#MAX_VALUE} when that does not fit. */
    static long add(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    /** {@code a * b} for non-negative numbers, or {@link Long#MAX_VALUE} when that does not fit. */
    static long times(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long product = a * b;
        return high != 0 || product < 0 ? Long.MAX_VALUE : product;
    }
}
