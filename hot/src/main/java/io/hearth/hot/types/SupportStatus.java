package io.hearth.hot.types;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Heat's {@code heat/engine/support.py} {@code SupportStatus}: whether a resource type, property or
 * attribute is supported, deprecated or hidden, since which Heat version, and what it was before.
 *
 * @param status   the current status
 * @param message  why (e.g. what to use instead); may be null
 * @param version  the Heat version since which this status holds (e.g. {@code 2014.1},
 *                 {@code 5.0.0}); null when Heat does not record one
 * @param previous the status before this one; may be null
 */
public record SupportStatus(Status status, String message, String version, SupportStatus previous) {

    /** Heat's {@code SUPPORT_STATUSES}. */
    public enum Status { UNKNOWN, SUPPORTED, DEPRECATED, UNSUPPORTED, HIDDEN }

    /** Supported, with no version recorded (Heat's {@code SupportStatus()}). */
    public static final SupportStatus SUPPORTED = new SupportStatus(Status.SUPPORTED, null, null, null);

    public SupportStatus {
        if (status == null) {
            throw new IllegalArgumentException("status");
        }
    }

    /** Supported since {@code version}. */
    public static SupportStatus since(String version) {
        return new SupportStatus(Status.SUPPORTED, null, version, null);
    }

    /** Deprecated since {@code version}, with a message saying what to do instead. */
    public static SupportStatus deprecated(String version, String message, SupportStatus previous) {
        return new SupportStatus(Status.DEPRECATED, message, version, previous);
    }

    /** Hidden since {@code version}: still accepted, no longer listed. */
    public static SupportStatus hidden(String version, String message, SupportStatus previous) {
        return new SupportStatus(Status.HIDDEN, message, version, previous);
    }

    public boolean isHidden() {
        return status == Status.HIDDEN;
    }

    /** As Heat's {@code SupportStatus.to_dict()} writes it. */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("status", status.name());
        node.put("message", message);
        node.put("version", version);
        if (previous == null) {
            node.putNull("previous_status");
        } else {
            node.set("previous_status", previous.toJson());
        }
        return node;
    }
}
