package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.py.Py;

/**
 * A group's {@code rolling_update} or {@code batch_create} policy, with Heat's defaults.
 *
 * @param minInService the members kept in service ({@code min_in_service}, default 0; 0 for batch_create)
 * @param maxBatchSize the members changed at once ({@code max_batch_size}, default 1)
 * @param pauseTime    the seconds between batches ({@code pause_time}, default 0)
 */
public record BatchPolicy(int minInService, int maxBatchSize, double pauseTime) {

    /** The policy a map gives, or null when the map is absent or null (no policy). */
    public static BatchPolicy of(JsonNode map) {
        if (map == null || map.isNull() || map.isMissingNode()) {
            return null;
        }
        return new BatchPolicy(intOr(map.get("min_in_service"), 0), intOr(map.get("max_batch_size"), 1),
                map.hasNonNull("pause_time") ? Py.strToNum(map.get("pause_time")).doubleValue() : 0);
    }

    static int intOr(JsonNode value, int fallback) {
        return value == null || value.isNull() ? fallback : Py.toInt(value).intValueExact();
    }
}
