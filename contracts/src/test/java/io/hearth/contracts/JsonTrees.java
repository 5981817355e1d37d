package io.hearth.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Comparator;

/**
 * Compares JSON trees as the wire sees them. A tree Jackson builds from a record holds a
 * {@code long} component as a LongNode while the same number read from text is an IntNode, and
 * {@link JsonNode#equals(Object)} tells those apart; this comparator does not (but it still tells
 * an integral number from a floating-point one, so a type change of a field is noticed).
 */
final class JsonTrees {

    static final Comparator<JsonNode> SAME_NUMBERS = (a, b) -> {
        if (a.equals(b)) {
            return 0;
        }
        if (a.isIntegralNumber() && b.isIntegralNumber()) {
            return a.bigIntegerValue().compareTo(b.bigIntegerValue());
        }
        if (a.isFloatingPointNumber() && b.isFloatingPointNumber()) {
            return a.decimalValue().compareTo(b.decimalValue());
        }
        return 1;
    };

    private JsonTrees() {
    }

    /** Whether two trees hold the same JSON, numbers compared by value within integral or floating kinds. */
    static boolean sameJson(JsonNode a, JsonNode b) {
        return a == null ? b == null : b != null && a.equals(SAME_NUMBERS, b);
    }

    /** Fails, showing both trees, unless {@code actual} holds the same JSON as {@code expected}. */
    static void assertSameJson(JsonNode actual, JsonNode expected, String what) {
        assertThat(sameJson(actual, expected))
                .withFailMessage("%s%n  expected: %s%n  but was:  %s", what, expected, actual)
                .isTrue();
    }
}
