package io.hearth.contracts.envelope;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * A CloudEvents 1.0 event in structured JSON mode: the envelope of every Hearth message,
 * webhook call and live-stream item.
 *
 * @param specversion     always {@value #SPEC_VERSION}
 * @param id              unique per event; consumers deduplicate on it
 * @param source          the producing service, e.g. {@code /hearth/deployment-service}
 * @param type            {@code io.hearth.<context>.<event>.v1}, see {@link EventCatalog}
 * @param subject         the stack id (the server id for compute desired states and reports and metadata, the driver id for
 *                        a compute driver's heartbeat)
 * @param time            when the event happened
 * @param datacontenttype always {@value #JSON}
 * @param data            the event record as JSON
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CloudEvent(String specversion, String id, String source, String type, String subject,
        Instant time, String datacontenttype, JsonNode data) {

    public static final String SPEC_VERSION = "1.0";
    public static final String JSON = "application/json";


    /** A new event with a random id and the current time (millisecond precision). */
    public static CloudEvent of(String source, String type, String subject, Object data) {
        return new CloudEvent(SPEC_VERSION, UUID.randomUUID().toString(), source, type, subject,
                Instant.now().truncatedTo(ChronoUnit.MILLIS), JSON, HearthJson.mapper().valueToTree(data));
    }

    /** A new event for a catalogued record, its type taken from {@link EventCatalog}. */
    public static CloudEvent of(String source, String subject, Object data) {
        return of(source, EventCatalog.typeOf(data.getClass()), subject, data);
    }

    /** The data read as the given record. */
    public <T> T dataAs(Class<T> type) {
        try {
            return HearthJson.mapper().treeToValue(data, type);
        } catch (JsonProcessingException e) {
            throw new InvalidEventException("event " + id + " of type " + this.type + " has invalid data: "
                    + e.getOriginalMessage(), e);
        }
    }

    /** The event as structured-mode JSON. */
    public String toJson() {
        return HearthJson.write(this);
    }

    /** Reads a structured-mode event; rejects anything that is not a CloudEvents 1.0 JSON object. */
    public static CloudEvent parse(String json) {
        CloudEvent event;
        try {
            event = HearthJson.mapper().readValue(json, CloudEvent.class);
        } catch (JsonProcessingException e) {
            throw new InvalidEventException("not a CloudEvents JSON object: " + e.getOriginalMessage(), e);
        }
        if (event == null) {
            throw new InvalidEventException("not a CloudEvents JSON object: null", null);
        }
        for (String[] required : new String[][] {{"id", event.id()}, {"source", event.source()},
                {"type", event.type()}, {"specversion", event.specversion()}}) {
            if (required[1] == null || required[1].isBlank()) {
                throw new InvalidEventException("missing CloudEvents attribute " + required[0]
                        + (event.id() == null ? "" : " in event " + event.id()), null);
            }
        }
        if (!SPEC_VERSION.equals(event.specversion())) {
            throw new InvalidEventException("unsupported specversion " + event.specversion() + " in event "
                    + event.id(), null);
        }
        return event;
    }
}
