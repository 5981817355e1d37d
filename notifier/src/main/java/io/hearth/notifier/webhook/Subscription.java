package io.hearth.notifier.webhook;

import java.time.Instant;
import java.util.List;

/**
 * A webhook subscription.
 *
 * @param id            its id
 * @param tenant        the tenant that made it
 * @param url           where events are POSTed
 * @param eventTypes    the CloudEvent types it takes: exact types, or prefixes ending in {@code *}; empty: all
 * @param stackIds      the stacks whose events (and their nested stacks') it takes; empty: every stack
 * @param secret        the secret that signs deliveries
 * @param previousUntil until when the previous secret signs as well (after a rotation); else null
 * @param createdAt     when it was made
 * @param updatedAt     when it last changed
 */
public record Subscription(String id, String tenant, String url, List<String> eventTypes, List<String> stackIds,
        String secret, Instant previousUntil, Instant createdAt, Instant updatedAt) {
}
