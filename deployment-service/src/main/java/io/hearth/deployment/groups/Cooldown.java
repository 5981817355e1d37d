package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import io.hearth.hot.py.Py;
import java.time.Instant;

/**
 * A scaling group's cooldown ({@code heat/scaling/cooldown.py}'s {@code CooldownMixin}, as Heat keeps it in
 * the group's metadata: {@code cooldown_end} and {@code scaling_in_progress}).
 *
 * @param end        until when the group takes no adjustment; null before its first size change
 * @param reason     what set {@code end} ({@code ExactCapacity : 2}, {@code change_in_capacity : 1})
 * @param inProgress whether an adjustment is under way
 */
public record Cooldown(Instant end, String reason, boolean inProgress) {

    /** A group that was never sized. */
    public static final Cooldown NONE = new Cooldown(null, null, false);

    /**
     * {@code _check_scaling_allowed}: null when an adjustment may go ahead, else the text of Heat's
     * {@code NoActionRequired}: {@code The resource NAME could not perform scaling action: due to cooldown,
     * cooldown 60} (or {@code due to scaling activity}).
     *
     * @param cooldown the cooldown in force (the policy's, else the group's); null means 0
     */
    public String refusal(String group, JsonNode cooldown, Instant now) {
        if (inProgress) {
            return noAction(group, "due to scaling activity");
        }
        if (end != null && now.isBefore(end)) {
            return noAction(group, "due to cooldown, cooldown " + Py.str(sanitize(cooldown)));
        }
        return null;
    }

    /**
     * {@code _finished_scaling}: after a change of size the cooldown ends {@code cooldown} seconds from now
     * (or later, if an earlier one ends later); an adjustment that changed nothing leaves it.
     */
    public Cooldown finished(JsonNode cooldown, String why, boolean sizeChanged, Instant now) {
        if (!sizeChanged) {
            return new Cooldown(end, reason, false);
        }
        double seconds = sanitize(cooldown).doubleValue();
        Instant newEnd = now.plusNanos((long) (seconds * 1_000_000_000L));
        if (end != null && end.isAfter(newEnd)) {
            newEnd = end;
        }
        return new Cooldown(newEnd, why, false);
    }

    /** The same cooldown with an adjustment under way. */
    public Cooldown started() {
        return new Cooldown(end, reason, true);
    }

    /** Heat's {@code NoActionRequired} message. */
    public static String noAction(String group, String reason) {
        return "The resource " + group + " could not perform scaling action: " + reason;
    }

    /** {@code _sanitize_cooldown}: null is 0, a negative cooldown is 0. */
    private static JsonNode sanitize(JsonNode cooldown) {
        if (cooldown == null || cooldown.isNull()) {
            return IntNode.valueOf(0);
        }
        JsonNode number = Py.strToNum(cooldown);
        return number.doubleValue() < 0 ? IntNode.valueOf(0) : number;
    }
}
