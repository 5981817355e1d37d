package io.hearth.notifier.rest.dto;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.hearth.platform.rest.ApiException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The body of a subscription's create ({@code url} required) or change (what is given changes).
 *
 * @param url        where events are POSTed: an absolute {@code http} or {@code https} URL to a public receiver
 *                   ({@link io.hearth.notifier.webhook.WebhookTargets})
 * @param eventTypes CloudEvent types, or prefixes ending in {@code *} ({@code *} alone: every type); absent or
 *                   empty: every type
 * @param stackIds   stacks by id or name, each with its nested stacks; absent or empty: every stack of the tenant
 */
public record SubscriptionRequest(String url, @JsonProperty("event_types") List<String> eventTypes,
        @JsonProperty("stack_ids") List<String> stackIds) {

    /** The most event types or stacks one subscription names. */
    public static final int ENTRIES = 100;

    /** A CloudEvent type as Hearth's are written, or a prefix of one ending in {@code *}. */
    private static final Pattern TYPE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,254}\\*?|\\*");

    /** The event types, checked and without repeats; {@code *} among them stands for all (the empty list). */
    public static List<String> checkedTypes(List<String> types) {
        List<String> checked = distinct(types, "event_types");
        for (String type : checked) {
            if (!TYPE.matcher(type).matches()) {
                throw invalid("Invalid event_types: '" + type + "' is not a CloudEvent type (letters, digits and"
                        + " '.', '_', ':', '-') or a prefix of one ending in '*'");
            }
        }
        return checked.contains("*") ? List.of() : checked;
    }

    /** The stacks as given, without repeats (each is looked up). */
    public static List<String> checkedStacks(List<String> stacks) {
        List<String> checked = distinct(stacks, "stack_ids");
        for (String stack : checked) {
            if (stack.isBlank()) {
                throw invalid("Invalid stack_ids: a stack id or name must not be empty");
            }
        }
        return checked;
    }

    private static List<String> distinct(List<String> values, String field) {
        if (values == null) {
            return List.of();
        }
        if (values.size() > ENTRIES) {
            throw invalid("Invalid " + field + ": at most " + ENTRIES + " entries, not " + values.size());
        }
        if (values.contains(null)) {
            throw invalid("Invalid " + field + ": entries must be strings, not null");
        }
        return List.copyOf(new LinkedHashSet<>(values));
    }

    private static ApiException invalid(String message) {
        return ApiException.badRequest("BadRequest", message);
    }
}
